import { createHash, randomUUID } from "node:crypto";
import type { Db } from "../../db/client.ts";
import {
  insertAttachment,
  touchAttachmentByHash,
  type AttachmentRow,
  type Uploader,
} from "../../db/queries/attachments.ts";
import { ApiError } from "../../lib/api-error.ts";
import type { Storage } from "./storage.ts";

export const SHA256_PATTERN = /^[0-9a-f]{64}$/;

export interface StoredAttachment {
  attachment: AttachmentRow;
  /** False when the same user had already uploaded these bytes: the retry returns the first attachment. */
  created: boolean;
}

/** The storage folder every uploaded media file is kept under (the weekly sweep lists it). */
export const MEDIA_FOLDER = "attachments";

/**
 * Per uploader and content, and per row: a row removed as an orphan has its file removed after it (storage_removals),
 * so a later upload of the same bytes must not land on that file's key. (Rows stored before keys carried the id keep
 * their `attachments/<uploader>/<sha256>` key; no new row takes such a key.)
 */
function storageKey(uploader: Uploader, sha256: string, attachmentId: string): string {
  const folder = "userId" in uploader ? uploader.userId : `link-${uploader.publicLinkId}`;
  return `${MEDIA_FOLDER}/${folder}/${sha256}-${attachmentId}`;
}

/**
 * Stores an uploaded file under its content hash, as `contentType` (what its magic bytes are: the caller detected and
 * admitted it). The bytes must hash to the hash the client named. The file is written before the row, so a row never
 * points at nothing.
 * `assertRoom` runs before anything is stored (the owner's storage quota), and not for bytes the uploader already has.
 * Bytes the uploader already has answer their row, its upload time renewed (see touchAttachmentByHash).
 */
export async function storeAttachment(
  db: Db,
  storage: Storage,
  uploader: Uploader,
  sha256: string,
  bytes: Uint8Array,
  contentType: string,
  assertRoom: (size: number) => Promise<void> = async () => {},
): Promise<StoredAttachment> {
  const actual = createHash("sha256").update(bytes).digest("hex");
  if (actual !== sha256)
    throw new ApiError("VALIDATION_FAILED", "Body does not match its sha256", { expected: sha256, actual });
  const existing = await touchAttachmentByHash(db, uploader, sha256);
  if (existing) return { attachment: existing, created: false };
  await assertRoom(bytes.byteLength);
  const id = randomUUID();
  const key = storageKey(uploader, sha256, id);
  await storage.put(key, bytes, contentType);
  let inserted: AttachmentRow | undefined;
  try {
    inserted = await insertAttachment(db, uploader, {
      id,
      sha256,
      storageKey: key,
      contentType,
      bytes: bytes.byteLength,
    });
  } catch (error) {
    // No row will ever name this key: the file is nobody's.
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (inserted) return { attachment: inserted, created: true };
  // A concurrent upload of the same bytes won with its own file.
  await storage.delete(key);
  const raced = await touchAttachmentByHash(db, uploader, sha256);
  if (!raced) throw new Error("attachment vanished after a concurrent insert");
  return { attachment: raced, created: false };
}
