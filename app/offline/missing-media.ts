import { offlineDb } from "./db.ts";
import type { OutboxRecord } from "./types.ts";

/** Why a record was refused for good when the server lacks its media and the device no longer has the bytes. */
export const MEDIA_MISSING_REASON = "media_missing";

/**
 * The server does not hold an upload a record names (removed after 24 h unlinked, say while the record waited for
 * an upgrade): the device forgets the attachment ids it kept for those bytes, so the next send uploads them again.
 * Answers the records that can be sent again; one without any bytes on the device is rejected, since nothing
 * could ever complete it.
 */
export async function forgetMissingMedia(records: readonly OutboxRecord[]): Promise<OutboxRecord[]> {
  const db = offlineDb();
  const resend: OutboxRecord[] = [];
  await db.transaction("rw", db.outbox, db.media, async () => {
    for (const record of records) {
      const media = await db.media.where("recordId").equals(record.id).toArray();
      const now = new Date().toISOString();
      if (media.length === 0) {
        await db.outbox.update(record.id, { status: "rejected", reason: MEDIA_MISSING_REASON, updatedAt: now });
        continue;
      }
      // Every record of this user holding the same stale id for the same bytes uploads them again too.
      for (const item of media) {
        if (!item.attachmentId) continue;
        await db.media
          .where("[ownerKey+sha256]")
          .equals([item.ownerKey, item.sha256])
          .filter((row) => row.attachmentId === item.attachmentId)
          .modify((row) => {
            delete row.attachmentId;
          });
      }
      await db.outbox.update(record.id, { status: "pending", updatedAt: now });
      resend.push({ ...record, status: "pending" });
    }
  });
  return resend;
}
