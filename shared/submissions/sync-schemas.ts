import { z } from "zod";
import { answersShapeError, latitudeSchema, longitudeSchema } from "../fields/answer-validation.ts";
import { FIELD_ERROR_KEYS } from "../fields/field-errors.ts";
import { canonicalInstant, canonicalJson } from "./canonical-json.ts";

export const SYNC_BATCH_MAX = 100;

const isoDateTime = z.iso.datetime({ offset: true });

/** Where the record was captured (the form's GPS capture, not a GPS field's answer). */
export const submissionLocationSchema = z.object({
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  accuracy: z.number().min(0),
  timestamp: isoDateTime,
});
export type SubmissionLocation = z.output<typeof submissionLocationSchema>;

/** One record from the outbox. `id` is generated on the device, so a retried upload carries the same id. */
export const syncRecordSchema = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  /** Field id → answer; checked against the application's fields with validateAnswers. */
  answers: z.record(z.string(), z.unknown()),
  location: submissionLocationSchema.nullish(),
  clientCreatedAt: isoDateTime,
  /** The form version the record was collected with; absent from apps older than form versions (current form). */
  formVersion: z.int().min(1).max(2_147_483_647).optional(),
  /** The version of the entity a follow-up record updates, as the device had it (a lower one than the server's is a conflict). */
  entityBaseVersion: z.int().min(1).max(2_147_483_647).optional(),
});
export type SyncRecord = z.output<typeof syncRecordSchema>;

/** PUT /api/attachments/:sha256 (201 new, 200 when the uploader already had these bytes): what a record links. */
export const uploadedAttachmentSchema = z.object({
  attachmentId: z.uuid(),
  sha256: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
});

/** The documented request body of the sync endpoint. */
export const syncBatchSchema = z.object({
  records: z.array(syncRecordSchema).min(1).max(SYNC_BATCH_MAX),
});
/** @public a request type, kept for the typed API calls of issue 28. */
export type SyncBatch = z.output<typeof syncBatchSchema>;

/**
 * What the endpoint parses first: records stay unparsed so that one malformed record is rejected on its
 * own instead of failing the batch (and blocking the rest of the outbox).
 */
export const syncBatchEnvelopeSchema = z.object({
  records: z.array(z.unknown()).min(1).max(SYNC_BATCH_MAX),
});

/**
 * created: stored now. duplicate: the id was already stored with the same payload (a retry).
 * conflict: the id is stored with a different payload or by someone else. blocked: not stored now, the device keeps
 * it and sends it again: `limit_reached` (the owner's record limit, after an upgrade) or `media_missing` (an answer
 * names an upload the server does not hold, for instance one removed after 24 h unlinked: upload the bytes again,
 * put the new attachment ids in the answers, and resend). rejected: will never be accepted.
 */
export const SYNC_STATUSES = ["created", "duplicate", "conflict", "blocked", "rejected"] as const;

export const SYNC_REASONS = [
  "invalid_record",
  "invalid_answers",
  "application_not_found",
  "forbidden",
  "limit_reached",
  "payload_mismatch",
  "unknown_form_version",
  "media_missing",
  "link_full",
  "already_answered",
] as const;
export type SyncReason = (typeof SYNC_REASONS)[number];

export const fieldErrorSchema = z.object({
  key: z.enum(FIELD_ERROR_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const syncRecordResultSchema = z.object({
  /** The record's id as sent; empty when a malformed record had none. */
  id: z.string(),
  status: z.enum(SYNC_STATUSES),
  reason: z.enum(SYNC_REASONS).optional(),
  /** Field id → error, for reason invalid_answers. */
  errors: z.record(z.string(), fieldErrorSchema).optional(),
  /** An error about the answers as a whole (too large, not an object). */
  formError: fieldErrorSchema.optional(),
});
export type SyncRecordResult = z.output<typeof syncRecordResultSchema>;

/**
 * `results` holds one entry per record answered, in the order sent. A record the server had no time for (the
 * batch's evaluation budget was spent) has no entry: it is listed in `deferred`, and the device keeps it and sends it
 * again after `retryAfterSeconds` (also the Retry-After header). Apps older than `deferred` keep any unanswered
 * record waiting for their next sync, which is why a deferral is an absence rather than a status they would not parse.
 */
export const syncBatchResultSchema = z.object({
  results: z.array(syncRecordResultSchema),
  deferred: z.array(z.string()).optional(),
  retryAfterSeconds: z.int().min(0).optional(),
});
export type SyncBatchResult = z.output<typeof syncBatchResultSchema>;

export type ParsedSyncRecord = { ok: true; record: SyncRecord } | { ok: false; result: SyncRecordResult };

/**
 * Parses one record of an envelope; a malformed one becomes its `rejected` result. Answers no form could accept
 * (unstorable text, absurd nesting) are rejected here already, before the payload hash walks them.
 */
export function parseSyncRecord(raw: unknown): ParsedSyncRecord {
  const parsed = syncRecordSchema.safeParse(raw);
  if (parsed.success) {
    const formError = answersShapeError(parsed.data.answers);
    if (!formError) return { ok: true, record: parsed.data };
    return { ok: false, result: { id: parsed.data.id, status: "rejected", reason: "invalid_answers", formError } };
  }
  const id = typeof raw === "object" && raw !== null && "id" in raw && typeof raw.id === "string" ? raw.id : "";
  return { ok: false, result: { id, status: "rejected", reason: "invalid_record" } };
}

/**
 * The text that identifies a record's payload: a retry of the same record yields the same text whatever
 * the key order, so the server answers `duplicate`; any changed answer yields `conflict`. The id is left
 * out because it is the lookup key. Instants are hashed in one spelling (UTC, `Z`), so the same moment written
 * `+00:00` or `-03:00` is still the same record. The server stores its hash with the record (server/services/sync/payload-hash.ts) rather than recomputing it from columns.
 */
export function submissionHashInput(record: SyncRecord): string {
  return canonicalJson({
    applicationId: record.applicationId,
    answers: record.answers,
    location: record.location ? { ...record.location, timestamp: canonicalInstant(record.location.timestamp) } : null,
    clientCreatedAt: canonicalInstant(record.clientCreatedAt),
  });
}
