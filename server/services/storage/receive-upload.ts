import type { Db } from "../../db/client.ts";
import type { Uploader } from "../../db/queries/attachments.ts";
import { ApiError } from "../../lib/api-error.ts";
import { assertStorageRoom } from "../limits/storage-limit.ts";
import { SHA256_PATTERN, storeAttachment, type StoredAttachment } from "./attachments.ts";
import { detectMediaType } from "./media-type.ts";
import type { Storage } from "./storage.ts";
import { admitUpload } from "./upload-admission.ts";

export interface UploadRequest {
  uploader: Uploader;
  /** Whose storage the bytes fill: the owner of the application they are for. */
  ownerId: string;
  applicationId: string | undefined;
  /** The question the file answers (`?fieldId=`), whose caps apply. */
  fieldId: string | undefined;
  fileName: string | undefined;
  /** The hash the path names; the bytes must have it. */
  sha256: string;
  bytes: Uint8Array;
}

/**
 * One upload, whoever sends it (a member, or a visitor through a public link): the named hash, the real type from
 * the bytes, the question's caps, then the owner's storage room, and only then the write.
 */
export async function receiveUpload(
  db: Db,
  storage: Storage,
  superAdminEmails: readonly string[],
  upload: UploadRequest,
): Promise<StoredAttachment> {
  const sha256 = upload.sha256.toLowerCase();
  if (!SHA256_PATTERN.test(sha256))
    throw new ApiError("VALIDATION_FAILED", "The path must be the body's sha256 in hex");
  const contentType = await detectMediaType(upload.bytes);
  await admitUpload(
    db,
    { applicationId: upload.applicationId, fieldId: upload.fieldId },
    { contentType, bytes: upload.bytes.byteLength, fileName: upload.fileName },
  );
  return storeAttachment(db, storage, upload.uploader, sha256, upload.bytes, contentType, (size) =>
    assertStorageRoom(db, superAdminEmails, upload.ownerId, sha256, size),
  );
}

/** The answer to an upload: what the device writes into the record's answer. */
export function uploadAnswer({ attachment, created }: StoredAttachment) {
  return {
    body: {
      attachmentId: attachment.id,
      sha256: attachment.sha256,
      contentType: attachment.contentType,
      bytes: attachment.bytes,
    },
    status: created ? (201 as const) : (200 as const),
  };
}
