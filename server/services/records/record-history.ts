import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import type { ApplicationRow } from "../../db/queries/applications.ts";
import {
  findSubmissionVersion,
  listAllFields,
  listPeople,
  listSubmissionVersions,
  type PersonRow,
} from "../../db/queries/record-review.ts";
import { lockSubmission, updateSubmissionKeepingVersion, type SubmissionRow } from "../../db/queries/submissions.ts";
import { ApiError } from "../../lib/api-error.ts";
import { changedKeys, recordAudit } from "../audit/record-audit.ts";
import { diffAnswers } from "../../../shared/records/answer-diff.ts";
import type { RecordField } from "../../../shared/records/answer-format.ts";
import type { LocationValue, RecordHistoryDto, RecordVersionDto } from "../../../shared/records/record-review.ts";
import type { WebhookEmitter } from "../webhooks/webhook-emitter.ts";
import { STATE_AFTER_EDIT } from "../../../shared/records/review-states.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One state of the record as stored: a copy in submission_versions, or the record itself for the latest. */
interface StoredState {
  id: string | null;
  answers: Record<string, unknown>;
  location: LocationValue | null;
  formVersion: number | null;
}

function locationOf(row: { latitude: number | null; longitude: number | null }): LocationValue | null {
  return row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude };
}

const sameLocation = (a: LocationValue | null, b: LocationValue | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The record's states, oldest first, each with who made it, when and what it changed. submission_versions holds
 * the answers as they were before each edit, written by the editor at the edit's time: copy k is state k, and the
 * edit that left it (copy k's editor and time, restore marker) made state k + 1; the record itself is the latest.
 */
export async function recordHistory(db: Db, row: SubmissionRow): Promise<RecordHistoryDto> {
  const copies = await listSubmissionVersions(db, row.id);
  const fields: RecordField[] = (await listAllFields(db, row.applicationId)).map((field) => ({
    ...field,
    config: field.config ?? {},
  }));
  const people = new Map<string, PersonRow>(
    (
      await listPeople(db, [
        ...(row.submitterId ? [row.submitterId] : []),
        ...copies.flatMap((copy) => (copy.editedBy ? [copy.editedBy] : [])),
      ])
    ).map((person) => [person.id, person]),
  );
  const states: StoredState[] = [
    ...copies.map((copy) => ({
      id: copy.id,
      answers: copy.answers,
      location: locationOf(copy),
      formVersion: copy.formVersion,
    })),
    { id: null, answers: row.answers, location: locationOf(row), formVersion: row.formVersion },
  ];
  const numberOf = new Map(copies.map((copy, index) => [copy.id, index + 1]));
  const versions = states.map((state, index): RecordVersionDto => {
    const previous = states[index - 1];
    const madeBy = copies[index - 1];
    const authorId = madeBy ? madeBy.editedBy : row.submitterId;
    return {
      id: state.id,
      number: index + 1,
      current: state.id === null,
      author: authorId ? (people.get(authorId) ?? null) : null,
      at: (madeBy?.createdAt ?? row.createdAt).toISOString(),
      formVersion: state.formVersion,
      restoredFrom: madeBy?.restoredFromId ? (numberOf.get(madeBy.restoredFromId) ?? null) : null,
      changes: previous ? diffAnswers(fields, previous.answers, state.answers) : [],
      locationChange:
        previous && !sameLocation(previous.location, state.location)
          ? { before: previous.location, after: state.location }
          : null,
    };
  });
  return { versions };
}

/**
 * Makes an earlier state the record's answers and location again, as a new edit: the state it replaces is kept as
 * a copy marked with the restored one, so nothing is lost and a restore can itself be undone. The answers are the
 * ones stored then, not checked again: they passed the rules of their time (the form version stored with the copy,
 * which the record takes back), and refusing them would leave an administrator unable to go back. The record
 * becomes `edited`.
 */
export async function restoreVersion(
  db: Db,
  user: Pick<SessionUser, "id" | "email">,
  application: ApplicationRow,
  submissionId: string,
  versionId: string,
  webhooks?: WebhookEmitter,
): Promise<SubmissionRow> {
  if (!UUID_PATTERN.test(versionId)) throw new ApiError("NOT_FOUND", "No such version of this record");
  return db.transaction(async (tx) => {
    const previous = await lockSubmission(tx, application.id, submissionId);
    const copy = previous ? await findSubmissionVersion(tx, submissionId, versionId) : undefined;
    if (!previous || !copy) throw new ApiError("NOT_FOUND", "No such version of this record");
    const updated = await updateSubmissionKeepingVersion(
      tx,
      previous,
      user.id,
      {
        answers: copy.answers,
        // The answers come back with the version they were checked against: an old record stays readable and
        // exportable under that version (removed options and fields included), as a record synced late would be.
        ...(copy.formVersion === null ? {} : { formVersion: copy.formVersion }),
        latitude: copy.latitude,
        longitude: copy.longitude,
        locationAccuracy: copy.locationAccuracy,
        // The copies keep no fix time: a location that comes back has none.
        ...(sameLocation(locationOf(previous), locationOf(copy)) ? {} : { locationTimestamp: null }),
        reviewState: STATE_AFTER_EDIT,
      },
      copy.id,
    );
    await webhooks?.record(tx, "record.updated", application.id, [submissionId]);
    const diff = changedKeys(
      { ...previous.answers, location: locationOf(previous) },
      { ...updated.answers, location: locationOf(updated) },
    );
    await recordAudit(tx, user, {
      kind: "record.restored",
      ownerId: application.ownerId,
      application,
      target: submissionId,
      before: diff?.before ?? {},
      after: { ...diff?.after, restoredFrom: copy.id },
    });
    return updated;
  });
}
