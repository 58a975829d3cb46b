import { createHash } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { findAttachmentByHash, insertAttachment, type AttachmentRow } from "../../db/queries/attachments.ts";
import { ApiError } from "../../lib/api-error.ts";
import { detectImageType } from "./image-type.ts";
import type { Storage } from "./storage.ts";

export const SHA256_PATTERN = /^[0-9a-f]{64}$/;

export interface StoredAttachment {
  attachment: AttachmentRow;
  /** False when the same user had already uploaded these bytes: the retry returns the first attachment. */
  created: boolean;
}

/** Per uploader and content: a user's retried upload lands on the same key and the same row. */
function storageKey(uploaderId: string, sha256: string): string {
  return `attachments/${uploaderId}/${sha256}`;
}

/**
 * Stores an uploaded image under its content hash. The bytes must hash to the hash the client named and be
 * JPEG, PNG or WebP by their magic bytes. The file is written before the row, so a row never points at nothing.
 * `assertRoom` runs before anything is stored (the owner's storage quota), and not for bytes the uploader already has.
 */
export async function storeAttachment(
  db: Db,
  storage: Storage,
  uploaderId: string,
  sha256: string,
  bytes: Uint8Array,
  assertRoom: (size: number) => Promise<void> = async () => {},
): Promise<StoredAttachment> {
  const actual = createHash("sha256").update(bytes).digest("hex");
  if (actual !== sha256)
    throw new ApiError("VALIDATION_FAILED", "Body does not match its sha256", { expected: sha256, actual });
  const existing = await findAttachmentByHash(db, uploaderId, sha256);
  if (existing) return { attachment: existing, created: false };
  const contentType = await detectImageType(bytes);
  if (!contentType) throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Only JPEG, PNG and WebP images are accepted");
  await assertRoom(bytes.byteLength);
  const key = storageKey(uploaderId, sha256);
  await storage.put(key, bytes, contentType);
  const inserted = await insertAttachment(db, {
    uploaderId,
    sha256,
    storageKey: key,
    contentType,
    bytes: bytes.byteLength,
  });
  if (inserted) return { attachment: inserted, created: true };
  const raced = await findAttachmentByHash(db, uploaderId, sha256);
  if (!raced) throw new Error("attachment vanished after a concurrent insert");
  return { attachment: raced, created: false };
}
