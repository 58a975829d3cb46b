import { uploadedAttachmentSchema } from "../../shared/submissions/sync-schemas.ts";
import { uploadAttachment } from "../../shared/api/contracts/attachments.ts";
import { contractUrl } from "../../shared/api/contract-url.ts";
import { placeAnswer } from "./answer-path.ts";
import { offlineDb } from "./db.ts";
import { z } from "zod";
import { isTransient, isUnauthorized, request, successBody, type HttpOutcome } from "./http.ts";
import type { SyncReport } from "./sync-report.ts";
import { stopFor, SyncStop, withRetries } from "./sync-stop.ts";
import { STORAGE_BLOCKED_REASON, type FieldErrorInfo, type MediaBlob, type OutboxRecord } from "./types.ts";

const MEDIA_TIMEOUT_MS = 120_000;

/** Where a batch's media go: the member's upload route by default, a public link's for a visitor. */
export interface MediaDestination {
  /** The upload's address for this blob of a record of `applicationId`. */
  url: (item: MediaBlob, applicationId: string | undefined) => string;
  headers?: Record<string, string>;
  /** An answer that stops the whole run (records kept as they are) rather than refusing this one file. */
  halt?: (outcome: HttpOutcome) => Error | undefined;
}

const MEMBER_UPLOADS: MediaDestination = {
  url: (item, applicationId) =>
    contractUrl(uploadAttachment, { params: { id: item.sha256 }, query: uploadQuery(applicationId, item) }),
};

const refusalSchema = z.object({
  error: z.object({
    details: z.object({
      fieldError: z.object({
        key: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    }),
  }),
});

/**
 * Puts every blob of the batch on the server once per content hash (the server keeps one attachment per
 * uploader and hash, so a resend is harmless), then writes the attachment ids into the records' answers. A
 * record keeps the ids of its own earlier attempt: the server keeps an unlinked upload 24 h after its last upload,
 * and past that sync answers media_missing and the engine forgets the ids (missing-media.ts) to upload again.
 * Returns the records ready to send; one whose image the server refuses is rejected and kept, one whose image the
 * owner's storage limit refuses (402) is blocked and kept, to go after an upgrade.
 */
export async function uploadMedia(
  batch: OutboxRecord[],
  report: SyncReport,
  destination: MediaDestination = MEMBER_UPLOADS,
): Promise<OutboxRecord[]> {
  const db = offlineDb();
  const recordIds = batch.map((record) => record.id);
  const media = await db.media.where("recordId").anyOf(recordIds).toArray();
  const refused = new Map<string, FieldErrorInfo | undefined>();
  const overStorage = new Set<string>();
  const uploaded = new Map<string, { attachmentId: string; contentType: string }>();
  for (const item of media) {
    if (item.attachmentId)
      uploaded.set(item.sha256, { attachmentId: item.attachmentId, contentType: item.contentType });
  }
  // The upload counts against the storage of the owner of the record's application.
  const applicationOf = new Map(batch.map((record) => [record.id, record.applicationId]));
  for (const item of media) {
    if (uploaded.has(item.sha256) || refused.has(item.sha256) || overStorage.has(item.sha256)) continue;
    const url = destination.url(item, applicationOf.get(item.recordId));
    const outcome = await withRetries(() =>
      request(url, {
        method: "PUT",
        body: item.blob,
        headers: { "content-type": item.contentType, ...destination.headers },
        timeoutMs: MEDIA_TIMEOUT_MS,
      }),
    );
    const answer = successBody(outcome);
    if (!answer) {
      const halted = destination.halt?.(outcome);
      if (halted) throw halted;
      if (isUnauthorized(outcome) || isTransient(outcome)) throw stopFor(outcome);
      if (outcome.kind === "response" && outcome.status === 402) overStorage.add(item.sha256);
      else refused.set(item.sha256, refusalOf(outcome));
      continue;
    }
    const parsed = uploadedAttachmentSchema.safeParse(answer.body);
    if (!parsed.success) throw new SyncStop("server");
    const attachment = { attachmentId: parsed.data.attachmentId, contentType: parsed.data.contentType };
    uploaded.set(item.sha256, attachment);
    // Only this batch's records keep the id: a record sent later uploads its bytes again (the server answers with
    // the attachment it holds, or a new one if the old one went with the last record that used it).
    await db.media
      .where("recordId")
      .anyOf(recordIds)
      .filter((row) => row.sha256 === item.sha256)
      .modify(attachment);
  }

  const ready: OutboxRecord[] = [];
  const changes: { key: string; changes: Partial<OutboxRecord> }[] = [];
  for (const record of batch) {
    const own = media.filter((item) => item.recordId === record.id);
    if (own.some((item) => refused.has(item.sha256))) {
      const errors = Object.fromEntries(
        own.flatMap((item) => {
          const fieldError = refused.get(item.sha256);
          return fieldError ? [[item.fieldId, fieldError] as const] : [];
        }),
      );
      changes.push({ key: record.id, changes: { status: "rejected", reason: "attachment_rejected", errors } });
      report.rejected++;
      continue;
    }
    if (own.some((item) => overStorage.has(item.sha256))) {
      const now = new Date().toISOString();
      changes.push({
        key: record.id,
        changes: {
          status: "blocked",
          reason: STORAGE_BLOCKED_REASON,
          blockedAt: record.blockedAt ?? now,
          updatedAt: now,
        },
      });
      report.blocked++;
      report.storageBlocked++;
      continue;
    }
    if (own.length === 0) {
      ready.push(record);
      continue;
    }
    const answers = withAttachmentIds(record.answers, own, uploaded);
    changes.push({ key: record.id, changes: { answers } });
    ready.push({ ...record, answers });
  }
  if (changes.length > 0) await db.outbox.bulkUpdate(changes);
  return ready;
}

/**
 * The upload names its application (whose owner's storage it fills) and its question, whose size and type limits
 * the server applies before storing (a repeat entry's answer path ends in the question's id). A public link's
 * upload names no application: the link has one.
 */
export function uploadQuery(
  applicationId: string | undefined,
  item: MediaBlob,
): { applicationId?: string; fieldId: string; name?: string } {
  return {
    ...(applicationId ? { applicationId } : {}),
    fieldId: item.fieldId.split(".").at(-1) ?? item.fieldId,
    ...(item.fileName !== undefined ? { name: item.fileName } : {}),
  };
}

/** The question's error the server refused the file with (413 too large, 415 wrong type), shown on the record. */
function refusalOf(outcome: HttpOutcome): FieldErrorInfo | undefined {
  if (outcome.kind !== "response") return undefined;
  const parsed = refusalSchema.safeParse(outcome.body);
  return parsed.success ? parsed.data.error.details.fieldError : undefined;
}

function withAttachmentIds(
  answers: Record<string, unknown>,
  media: MediaBlob[],
  uploaded: Map<string, { attachmentId: string; contentType: string }>,
): Record<string, unknown> {
  let next = answers;
  for (const item of media) {
    const attachment = uploaded.get(item.sha256);
    if (attachment)
      next = placeAnswer(next, item.fieldId, {
        attachmentId: attachment.attachmentId,
        sha256: item.sha256,
        contentType: attachment.contentType,
        bytes: item.blob.size,
        ...(item.fileName === undefined ? {} : { fileName: item.fileName }),
      });
  }
  return next;
}
