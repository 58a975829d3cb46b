import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import {
  ATTACHMENT_LINK_FK,
  findAttachmentsByIds,
  type AttachmentFacts,
  type AttachmentLink,
  type Uploader,
} from "../../db/queries/attachments.ts";
import {
  findStoredIdentities,
  insertConflicts,
  insertSubmissionsCounted,
  type NewSubmissionConflict,
  type SyncedSubmission,
  type StoredIdentity,
} from "../../db/queries/submissions.ts";
import { lockOwnerRecords } from "../../db/queries/limits.ts";
import { countOwnerRecordsCreated } from "../../db/queries/usage.ts";
import { recordClock, validateRecord, type RecordValidation } from "../../../shared/forms/index.ts";
import { logger } from "../../lib/logger.ts";
import { parseSyncRecord, type SyncRecord, type SyncRecordResult } from "../../../shared/submissions/sync-schemas.ts";
import { recordLimitOf, type RecordLimit } from "../limits/record-limit.ts";
import { ownerPlanFromRows } from "../applications/owner-plan.ts";
import type { WebhookEmitter } from "../webhooks/webhook-emitter.ts";
import { checkMediaAnswers, mediaAnswers } from "./attachment-refs.ts";
import { BatchEvaluationBudget } from "./batch-evaluation-budget.ts";
import { isForeignKeyViolation } from "../../db/constraint-violation.ts";
import { submissionPayloadHash } from "./payload-hash.ts";
import { entityChangeOf, type EntityChange } from "../../../shared/entities/entity-changes.ts";
import { applyEntityChanges } from "../entities/apply-entity-changes.ts";
import { answeredIds } from "../entities/entity-list-reads.ts";
import { notifyEntityChanges } from "../entities/entity-webhooks.ts";
import {
  loadLinkSyncTarget,
  loadRecordForm,
  loadSyncTarget,
  type RecordForm,
  type RecordFormLookup,
  type SyncTarget,
  type TargetLookup,
} from "./sync-targets.ts";

/**
 * Who sends a batch: a signed-in user (or their API token), or a visitor through a public link. A link's records
 * have no submitter: the link is their author (`public_link_id`), with the visitor's device id beside it.
 */
export type SyncAuthor =
  | { kind: "user"; user: Pick<SessionUser, "id" | "isSuperAdmin" | "apiToken"> }
  | { kind: "link"; link: { id: string; applicationId: string }; deviceId: string };

/** What each stored row says about its author. */
interface AuthorStamp {
  submitterId: string | null;
  publicLinkId: string | null;
  publicLinkDevice: string | null;
}

/** Whose uploads the author's records may use: the user's own, or those that came through the link. */
function uploaderOf(author: SyncAuthor): Uploader {
  return author.kind === "user" ? { userId: author.user.id } : { publicLinkId: author.link.id };
}

function stampOf(author: SyncAuthor): AuthorStamp {
  return author.kind === "user"
    ? { submitterId: author.user.id, publicLinkId: null, publicLinkDevice: null }
    : { submitterId: null, publicLinkId: author.link.id, publicLinkDevice: author.deviceId };
}

export interface SyncOptions {
  superAdminEmails: readonly string[];
  /** record.created for each record stored, written in the insert's transaction. */
  webhooks?: WebhookEmitter;
  /** Milliseconds the batch may spend on its records' logic (BATCH_EVALUATION_MS when absent). */
  evaluationBudgetMs?: number;
}

/** Milliseconds spent per phase, reported in the Server-Timing header (the benchmark reads `insert`). */
export interface SyncTimings {
  check: number;
  insert: number;
}

export interface SyncOutcome {
  /** One per record answered, in the order sent. */
  results: SyncRecordResult[];
  /** Ids of records left unanswered because the batch's evaluation budget was spent: the device sends them again. */
  deferred: string[];
  timings: SyncTimings;
}

interface Pending {
  index: number;
  record: SyncRecord;
  hash: string;
}

interface Checked {
  item: Pending;
  target: SyncTarget;
  /** The form of the record's version, and that version. */
  form: RecordForm;
  formVersion: number;
  /** What is stored: the sent answers with hidden ones dropped and calculations recomputed (the hash stays the sent one's). */
  answers: Record<string, unknown>;
  /** The entity the record creates or updates under its form's action (its condition held). */
  entity: EntityChange | null;
}

interface Candidate extends Pending {
  target: SyncTarget;
  formVersion: number;
  answers: Record<string, unknown>;
  links: AttachmentLink[];
  /** The entity the record creates or updates under its form's action, applied with its insert. */
  entity: EntityChange | null;
}

/** Per-request memo: a batch usually holds many records of one application and one owner. */
interface BatchCache {
  targets: Map<string, Promise<TargetLookup>>;
  /** By application id and version: each older version's snapshot is read once per batch. */
  forms: Map<string, Promise<RecordFormLookup>>;
  budget: BatchEvaluationBudget;
  /** The id-shaped answers of the whole batch: the entities its forms' by-id lookups may read. */
  answeredIds: ReadonlySet<string>;
  /**
   * The uploads of `answeredIds`, read with the batch's first target lookup; undefined when that lookup did not
   * reach them (no such application), and each round then reads the ones its media answers name.
   */
  uploads?: ReadonlyMap<string, AttachmentFacts>;
}

/**
 * Stores a batch of outbox records, each at most once, and answers per record (see SYNC_STATUSES). One
 * record's failure never fails the others. Work is checked in memory first, then each owner's new records
 * go in one transaction: the owner's records lock is taken, the record cap checked against the current count, and
 * the admitted records written with one multi-row insert that skips ids stored meanwhile. Records whose logic would
 * run past the batch's evaluation budget are deferred: neither stored nor refused, only left out of the answer.
 */
export async function syncBatch(
  db: Db,
  author: SyncAuthor,
  rawRecords: readonly unknown[],
  options: SyncOptions,
): Promise<SyncOutcome> {
  const results: SyncRecordResult[] = new Array(rawRecords.length);
  const timings: SyncTimings = { check: 0, insert: 0 };
  const parsed: Pending[] = [];
  for (const [index, raw] of rawRecords.entries()) {
    const outcome = parseSyncRecord(raw);
    if (outcome.ok) parsed.push({ index, record: outcome.record, hash: "" });
    else results[index] = outcome.result;
  }
  const cache: BatchCache = {
    targets: new Map(),
    forms: new Map(),
    budget: new BatchEvaluationBudget(options.evaluationBudgetMs),
    answeredIds: answeredIds(parsed.map((item) => item.record.answers)),
  };
  for (const item of parsed) item.hash = submissionPayloadHash(item.record);

  // A batch may carry one id twice; later copies wait a round and then meet the first as stored (or rejected again).
  let pending = parsed;
  while (pending.length > 0) {
    const seen = new Set<string>();
    const round: Pending[] = [];
    const later: Pending[] = [];
    for (const item of pending) {
      if (seen.has(item.record.id)) later.push(item);
      else {
        seen.add(item.record.id);
        round.push(item);
      }
    }
    await syncRound(db, author, round, results, timings, cache, options);
    pending = later;
  }
  const deferred = [
    ...new Set(parsed.filter((item) => results[item.index] === undefined).map((item) => item.record.id)),
  ];
  // A deferred record has no entry at all: installed apps keep an unanswered record waiting and send it again.
  return { results: results.filter((result) => result !== undefined), deferred, timings };
}

async function syncRound(
  db: Db,
  author: SyncAuthor,
  round: readonly Pending[],
  results: SyncRecordResult[],
  timings: SyncTimings,
  cache: BatchCache,
  options: SyncOptions,
): Promise<void> {
  const checkStarted = performance.now();
  const conflicts: NewSubmissionConflict[] = [];
  const stamp = stampOf(author);
  const settle = (items: readonly Pending[], stored: readonly StoredIdentity[]) => {
    const byId = new Map(stored.map((row) => [row.id, row]));
    for (const item of items) {
      const row = byId.get(item.record.id);
      if (row) results[item.index] = resolveStored(item, row, stamp, conflicts);
    }
  };

  // Already stored (a retry, or a reused id): answered before any other check, so a retry of a record
  // accepted under an older form is acknowledged, not rejected. The batch's first target lookup asks it in the same
  // round trip (and the uploads the batch's answers may name); later rounds ask it alone.
  const ids = round.map((item) => item.record.id);
  const first =
    cache.targets.size === 0 ? await cachedTarget(db, author, round[0]!.record.applicationId, cache, ids) : undefined;
  settle(round, first?.batch?.stored ?? (await findStoredIdentities(db, ids)));
  const fresh = round.filter((item) => results[item.index] === undefined);

  const checked: Checked[] = [];
  for (const item of fresh) {
    const lookup = await cachedTarget(db, author, item.record.applicationId, cache);
    if (!lookup.ok) {
      results[item.index] = { id: item.record.id, status: "rejected", reason: lookup.reason };
      continue;
    }
    const { target } = lookup;
    const formLookup = await cachedRecordForm(db, target, item.record.formVersion, cache);
    if (!formLookup.ok) {
      results[item.index] = { id: item.record.id, status: "rejected", reason: formLookup.reason };
      continue;
    }
    const { form, version } = formLookup;
    if (cache.budget.exhausted) continue;
    const { validation, entity } = await cache.budget.measure(() => checkAlone(form, target, item.record));
    if (!validation.valid) {
      results[item.index] = rejectedAnswers(item.record.id, validation.fieldErrors, validation.formError);
      continue;
    }
    checked.push({ item, target, form, formVersion: version, answers: validation.answers, entity });
  }

  const withMedia = checked.map((entry) => ({ ...entry, media: mediaAnswers(entry.form.fields, entry.answers) }));
  const attachments =
    cache.uploads ??
    (await attachmentsById(
      db,
      withMedia.flatMap(({ media }) => media.map((answer) => answer.attachmentId)),
    ));
  const candidates: Candidate[] = [];
  for (const { item, target, formVersion, answers, media, entity: change } of withMedia) {
    const { errors, links, missing } = checkMediaAnswers(item.record.id, uploaderOf(author), media, attachments);
    if (Object.keys(errors).length > 0) results[item.index] = rejectedAnswers(item.record.id, errors);
    else if (missing.length > 0) results[item.index] = mediaMissing(item.record.id);
    else {
      // A link's visitor sees no entities, so a record of theirs only ever creates one.
      const entity = change?.kind === "update" && author.kind === "link" ? null : change;
      candidates.push({ ...item, target, formVersion, answers, links, entity });
    }
  }
  const owners = groupByOwner(candidates);
  // The plan was read with each application; any of the owner's targets carries it.
  const limits = new Map<string, RecordLimit>();
  for (const [ownerId, [first]] of owners)
    limits.set(ownerId, recordLimitOf(ownerPlanFromRows(first!.target.ownerPlan, options.superAdminEmails)));
  timings.check += performance.now() - checkStarted;

  const insertStarted = performance.now();
  for (const [ownerId, ownerCandidates] of owners) {
    let outcome: Awaited<ReturnType<typeof insertForOwner>>;
    try {
      outcome = await insertForOwner(
        db,
        stamp,
        uploaderOf(author),
        ownerId,
        limits.get(ownerId)!,
        ownerCandidates,
        options.webhooks,
      );
    } catch (error) {
      if (!isForeignKeyViolation(error, ATTACHMENT_LINK_FK)) throw error;
      // orphan-upload-cleanup removed an upload between the check and the insert, which wrote nothing: the device
      // sends these records again, uploading what is missing.
      for (const candidate of ownerCandidates) results[candidate.index] = mediaMissing(candidate.record.id);
      continue;
    }
    const { inserted, blocked } = outcome;
    for (const candidate of ownerCandidates) {
      if (inserted.has(candidate.record.id)) results[candidate.index] = { id: candidate.record.id, status: "created" };
      else if (blocked.has(candidate.record.id))
        results[candidate.index] = { id: candidate.record.id, status: "blocked", reason: "limit_reached" };
    }
    // Skipped by ON CONFLICT: a concurrent request stored the same id between our read and our insert.
    const raced = ownerCandidates.filter((candidate) => results[candidate.index] === undefined);
    if (raced.length > 0)
      settle(
        raced,
        await findStoredIdentities(
          db,
          raced.map((candidate) => candidate.record.id),
        ),
      );
  }
  await insertConflicts(db, conflicts);
  timings.insert += performance.now() - insertStarted;
}

/**
 * Validates one record and works out the entity it creates or updates, as one step of the batch's evaluation budget
 * (both run the form's logic, the entity condition included). Whatever goes wrong in there is this record's own
 * problem: it is rejected, and the rest of its batch is stored as usual instead of the whole request failing.
 */
function checkAlone(
  form: RecordForm,
  target: SyncTarget,
  record: SyncRecord,
): { validation: RecordValidation; entity: EntityChange | null } {
  const clock = recordClock(record.clientCreatedAt);
  try {
    const validation = validateRecord(form.fields, record.answers, {
      retiredFieldIds: form.retiredFieldIds,
      tables: form.tables,
      ...clock,
    });
    if (!validation.valid || !target.entityAction) return { validation, entity: null };
    const answered = { ...record, answers: validation.answers };
    const entity = entityChangeOf(target.entityAction, form.fields, answered, { tables: form.tables, ...clock });
    return { validation, entity };
  } catch (error) {
    logger.error("record validation failed; the record is rejected", { recordId: record.id, error });
    return {
      validation: { valid: false, answers: {}, fieldErrors: {}, formError: { key: "invalidAnswers" } },
      entity: null,
    };
  }
}

/**
 * Same payload from the same author (the user, or the link) is the retry of a stored record; anything else is kept
 * aside as a conflict.
 */
function resolveStored(
  item: Pending,
  stored: StoredIdentity,
  stamp: AuthorStamp,
  conflicts: NewSubmissionConflict[],
): SyncRecordResult {
  const sameAuthor = stamp.publicLinkId
    ? stored.publicLinkId === stamp.publicLinkId
    : stored.submitterId === stamp.submitterId;
  if (stored.payloadHash === item.hash && sameAuthor) return { id: item.record.id, status: "duplicate" };
  conflicts.push({
    submissionId: item.record.id,
    submitterId: stamp.submitterId,
    payload: { ...item.record, payloadHash: item.hash },
  });
  return { id: item.record.id, status: "conflict", reason: "payload_mismatch" };
}

/** Not stored: an answer names an upload the server does not hold, so the device uploads the media again and resends. */
function mediaMissing(id: string): SyncRecordResult {
  return { id, status: "blocked", reason: "media_missing" };
}

function rejectedAnswers(
  id: string,
  errors: SyncRecordResult["errors"],
  formError?: SyncRecordResult["formError"],
): SyncRecordResult {
  return {
    id,
    status: "rejected",
    reason: "invalid_answers",
    ...(errors && Object.keys(errors).length > 0 ? { errors } : {}),
    ...(formError ? { formError } : {}),
  };
}

/** The application's lookup, once per batch; `recordIds` are asked with it when it is made (BatchQuestions). */
function cachedTarget(
  db: Db,
  author: SyncAuthor,
  applicationId: string,
  cache: BatchCache,
  recordIds: readonly string[] = [],
): Promise<TargetLookup> {
  let lookup = cache.targets.get(applicationId);
  if (!lookup) {
    const questions = { recordIds, uploadIds: cache.uploads ? [] : [...cache.answeredIds] };
    lookup = (
      author.kind === "user"
        ? loadSyncTarget(db, author.user, applicationId, cache.answeredIds, questions)
        : loadLinkSyncTarget(db, author.link.applicationId, applicationId, cache.answeredIds, questions)
    ).then((found) => {
      if (found.batch && !cache.uploads) cache.uploads = new Map(found.batch.uploads.map((row) => [row.id, row]));
      return found;
    });
    cache.targets.set(applicationId, lookup);
  }
  return lookup;
}

function cachedRecordForm(
  db: Db,
  target: SyncTarget,
  version: number | undefined,
  cache: BatchCache,
): Promise<RecordFormLookup> {
  const key = `${target.applicationId}@${version ?? "current"}`;
  let lookup = cache.forms.get(key);
  if (!lookup) {
    lookup = loadRecordForm(db, target, version);
    cache.forms.set(key, lookup);
  }
  return lookup;
}

async function attachmentsById(db: Db, ids: readonly string[]): Promise<Map<string, AttachmentFacts>> {
  const rows = await findAttachmentsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

function groupByOwner(candidates: readonly Candidate[]): Map<string, Candidate[]> {
  const groups = new Map<string, Candidate[]>();
  for (const candidate of candidates) {
    const group = groups.get(candidate.target.ownerId);
    if (group) group.push(candidate);
    else groups.set(candidate.target.ownerId, [candidate]);
  }
  return groups;
}

function toRow(candidate: Candidate, stamp: AuthorStamp): SyncedSubmission {
  const { record } = candidate;
  return {
    id: record.id,
    applicationId: record.applicationId,
    ownerId: candidate.target.ownerId,
    ...stamp,
    formVersion: candidate.formVersion,
    answers: candidate.answers,
    payloadHash: candidate.hash,
    latitude: record.location?.latitude ?? null,
    longitude: record.location?.longitude ?? null,
    locationAccuracy: record.location?.accuracy ?? null,
    locationTimestamp: record.location ? new Date(record.location.timestamp) : null,
    clientCreatedAt: new Date(record.clientCreatedAt),
  };
}

/**
 * One statement per owner inserts the new records, raises the owner's count of records ever created and links their
 * media, all or nothing. With a cap, it runs in a transaction after the owner's records lock is taken and the count
 * read, so concurrent batches of any of the owner's collectors take the remaining slots one after another and never
 * pass the cap; records past the remaining room are blocked, in batch order. A webhook subscribed to record.created
 * also needs the transaction, for its delivery rows. Otherwise (paid plans without webhooks, the common case under
 * load) there is nothing to read first or write beside, and the one statement is the whole transaction.
 */
async function insertForOwner(
  db: Db,
  stamp: AuthorStamp,
  uploader: Uploader,
  ownerId: string,
  limit: RecordLimit,
  candidates: readonly Candidate[],
  webhooks: WebhookEmitter | undefined,
): Promise<{ inserted: Set<string>; blocked: Set<string> }> {
  const insert = async (tx: Db, admitted: readonly Candidate[]) =>
    new Set(
      await insertSubmissionsCounted(
        tx,
        ownerId,
        admitted.map((candidate) => toRow(candidate, stamp)),
        { uploader, links: admitted.flatMap((candidate) => candidate.links) },
      ),
    );
  const { maxSubmissions } = limit;
  // An endpoint registered while this batch runs may miss it: the batch then counts as before the registration.
  const notify = webhooks !== undefined && candidates.some((candidate) => candidate.target.notifiesCreated);
  const changesEntities = candidates.some((candidate) => candidate.entity !== null);
  if (maxSubmissions === null && !notify && !changesEntities)
    return { inserted: await insert(db, candidates), blocked: new Set() };
  return db.transaction(async (tx) => {
    let admitted = candidates;
    if (maxSubmissions !== null) {
      await lockOwnerRecords(tx, ownerId);
      admitted = candidates.slice(0, Math.max(0, maxSubmissions - (await countOwnerRecordsCreated(tx, ownerId))));
    }
    const inserted = await insert(tx, admitted);
    // Only records this transaction inserted: a resent record changes its entity no second time.
    const applied = await applyEntityChanges(
      tx,
      admitted.flatMap((candidate) =>
        candidate.entity && inserted.has(candidate.record.id)
          ? [
              {
                change: candidate.entity,
                submissionId: candidate.record.id,
                applicationId: candidate.record.applicationId,
                actorId: stamp.submitterId,
                baseVersion: candidate.record.entityBaseVersion,
              },
            ]
          : [],
      ),
    );
    // Same transaction as the records: the deliveries exist exactly when the records do.
    if (notify)
      for (const [applicationId, ids] of idsByApplication(admitted.filter((c) => inserted.has(c.record.id))))
        await webhooks.record(tx, "record.created", applicationId, ids);
    if (webhooks) await notifyEntityChanges(tx, webhooks, applied);
    return {
      inserted,
      blocked: new Set(candidates.slice(admitted.length).map((candidate) => candidate.record.id)),
    };
  });
}

function idsByApplication(candidates: readonly Candidate[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const { record } of candidates)
    groups.set(record.applicationId, [...(groups.get(record.applicationId) ?? []), record.id]);
  return groups;
}
