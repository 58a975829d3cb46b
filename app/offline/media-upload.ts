import { uploadedAttachmentSchema } from "../../shared/submissions/sync-schemas.ts";
import { placeAnswer } from "./answer-path.ts";
import { offlineDb } from "./db.ts";
import { isTransient, isUnauthorized, request, successBody } from "./http.ts";
import type { SyncReport } from "./sync-report.ts";
import { stopFor, SyncStop, withRetries } from "./sync-stop.ts";
import { STORAGE_BLOCKED_REASON, type MediaBlob, type OutboxRecord } from "./types.ts";

const MEDIA_TIMEOUT_MS = 120_000;

/**
 * Puts every blob of the batch on the server once per content hash (the server keeps one attachment per
 * uploader and hash, so a resend is harmless), then writes the attachment ids into the records' answers. A
 * record keeps the ids of its own earlier attempt: the server keeps an unlinked upload 24 h after its last upload,
 * and past that sync answers media_missing and the engine forgets the ids (missing-media.ts) to upload again.
 * Returns the records ready to send; one whose image the server refuses is rejected and kept, one whose image the
 * owner's storage limit refuses (402) is blocked and kept, to go after an upgrade.
 */
export async function uploadMedia(batch: OutboxRecord[], report: SyncReport): Promise<OutboxRecord[]> {
  const db = offlineDb();
  const recordIds = batch.map((record) => record.id);
  const media = await db.media.where("recordId").anyOf(recordIds).toArray();
  const refused = new Set<string>();
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
    const applicationId = applicationOf.get(item.recordId);
    const query = applicationId ? `?applicationId=${encodeURIComponent(applicationId)}` : "";
    const outcome = await withRetries(() =>
      request(`/api/attachments/${item.sha256}${query}`, {
        method: "PUT",
        body: item.blob,
        headers: { "content-type": item.contentType },
        timeoutMs: MEDIA_TIMEOUT_MS,
      }),
    );
    const answer = successBody(outcome);
    if (!answer) {
      if (isUnauthorized(outcome) || isTransient(outcome)) throw stopFor(outcome);
      if (outcome.kind === "response" && outcome.status === 402) overStorage.add(item.sha256);
      else refused.add(item.sha256);
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
      changes.push({ key: record.id, changes: { status: "rejected", reason: "attachment_rejected" } });
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
      });
  }
  return next;
}
