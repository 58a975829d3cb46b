import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import { ATTACHMENT_LINK_FK, findAttachmentsByIds, linkAttachments } from "../../db/queries/attachments.ts";
import { isForeignKeyViolation } from "../../db/constraint-violation.ts";
import {
  lockSubmission,
  updateSubmissionKeepingVersion,
  type SubmissionEdit,
  type SubmissionRow,
} from "../../db/queries/submissions.ts";
import { ApiError } from "../../lib/api-error.ts";
import { mayEditRecord, type ReadableAccess } from "../../policies/application-access.ts";
import { changedKeys, recordAudit } from "../audit/record-audit.ts";
import { recordClock, validateRecord } from "../../../shared/forms/index.ts";
import type { SubmissionLocation } from "../../../shared/submissions/sync-schemas.ts";
import { checkMediaAnswers, mediaAnswers } from "./attachment-refs.ts";
import { loadSyncTarget } from "./sync-targets.ts";
import { answeredIds } from "../entities/entity-list-reads.ts";
import { STATE_AFTER_EDIT } from "../../../shared/records/review-states.ts";
import type { WebhookEmitter } from "../webhooks/webhook-emitter.ts";

export interface SubmissionEditInput {
  answers: Record<string, unknown>;
  /** Absent: the location stays; null: it is cleared. */
  location?: SubmissionLocation | null;
}

export const EDIT_FORBIDDEN_MESSAGE = "Você não tem permissão para editar este registro";
export const SUBMISSION_NOT_FOUND_MESSAGE = "Registro não encontrado";

function locationChanges(location: SubmissionLocation | null | undefined): Partial<SubmissionEdit> {
  if (location === undefined) return {};
  return {
    latitude: location?.latitude ?? null,
    longitude: location?.longitude ?? null,
    locationAccuracy: location?.accuracy ?? null,
    locationTimestamp: location ? new Date(location.timestamp) : null,
  };
}

/** 409: the edit names uploads the server does not hold; the device uploads them again and resends the edit. */
function mediaMissing(keys: readonly string[]): ApiError {
  return new ApiError("MEDIA_MISSING", "Some media must be uploaded again", { missing: keys });
}

/**
 * Applies an edit by the submitter or an administrator (`mayEditRecord`) with the same answer rules as sync. The previous answers and location are copied
 * to submission_versions first, in the same transaction. The payload hash stays the one of the synced payload,
 * so a late retry of the original upload is still acknowledged as a duplicate rather than reported as a conflict.
 */
export async function editSubmission(
  db: Db,
  user: Pick<SessionUser, "id" | "email" | "isSuperAdmin" | "apiToken">,
  access: ReadableAccess,
  submissionId: string,
  input: SubmissionEditInput,
  webhooks?: WebhookEmitter,
): Promise<SubmissionRow> {
  const { application } = access;
  const applicationId = application.id;
  const lookup = await loadSyncTarget(db, user, applicationId, answeredIds([input.answers]));
  if (!lookup.ok) {
    if (lookup.reason === "application_not_found") throw new ApiError("APPLICATION_NOT_FOUND", "Application not found");
    throw new ApiError("FORBIDDEN", EDIT_FORBIDDEN_MESSAGE);
  }
  const { target } = lookup;
  return db.transaction(async (tx) => {
    const previous = await lockSubmission(tx, applicationId, submissionId);
    if (!previous) throw new ApiError("SUBMISSION_NOT_FOUND", SUBMISSION_NOT_FOUND_MESSAGE);
    if (!mayEditRecord(access, previous.submitterId)) throw new ApiError("FORBIDDEN", EDIT_FORBIDDEN_MESSAGE);
    // Calculations run on the record's own clock, so an edit does not move today() to the day of the edit.
    const validation = validateRecord(target.fields, input.answers, {
      retiredFieldIds: target.retiredFieldIds,
      tables: target.tables,
      ...recordClock(previous.clientCreatedAt ?? previous.createdAt),
    });
    const media = mediaAnswers(target.fields, validation.answers);
    const attachments = new Map(
      (
        await findAttachmentsByIds(
          tx,
          media.map((answer) => answer.attachmentId),
        )
      ).map((row) => [row.id, row]),
    );
    // An administrator's correction keeps the submitter's photos: those already on the record stay allowed.
    const kept = new Set(mediaAnswers(target.fields, previous.answers).map((answer) => answer.attachmentId));
    const { errors, links, missing } = checkMediaAnswers(submissionId, { userId: user.id }, media, attachments, kept);
    const fieldErrors = { ...validation.fieldErrors, ...errors };
    if (!validation.valid || Object.keys(errors).length > 0) {
      throw new ApiError("VALIDATION_FAILED", "Invalid answers", {
        fieldErrors,
        ...(validation.formError ? { formError: validation.formError } : {}),
      });
    }
    if (missing.length > 0) throw mediaMissing(missing);
    // An edit is made and checked with the current form, so the record moves to the current version.
    const updated = await updateSubmissionKeepingVersion(tx, previous, user.id, {
      answers: validation.answers,
      formVersion: target.formVersion,
      ...locationChanges(input.location),
      reviewState: STATE_AFTER_EDIT,
    });
    try {
      await linkAttachments(tx, { userId: user.id }, links);
    } catch (error) {
      // orphan-upload-cleanup removed one of them since the check; the transaction writes nothing.
      if (isForeignKeyViolation(error, ATTACHMENT_LINK_FK)) throw mediaMissing(links.map((link) => link.fieldId));
      throw error;
    }
    await webhooks?.record(tx, "record.updated", applicationId, [submissionId]);
    const location = (row: SubmissionRow) => ({ latitude: row.latitude, longitude: row.longitude });
    // Only the answers that changed (each capped), and the location when it moved.
    const diff = changedKeys(
      { ...previous.answers, location: location(previous) },
      { ...updated.answers, location: location(updated) },
    );
    if (diff) {
      await recordAudit(tx, user, {
        kind: "record.updated",
        ownerId: target.ownerId,
        application,
        target: submissionId,
        ...diff,
      });
    }
    return updated;
  });
}
