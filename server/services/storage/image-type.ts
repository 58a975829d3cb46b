import { fileTypeFromBuffer } from "file-type";
import { PHOTO_CONTENT_TYPES } from "../../../shared/fields/field-types.ts";

export type ImageContentType = (typeof PHOTO_CONTENT_TYPES)[number];

/** Largest media file accepted (the photo field's biggest max size). */
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;

/**
 * The image type the bytes really are (magic bytes), or null when they are not JPEG, PNG or WebP. The
 * declared Content-Type is never trusted: it is what an attacker would forge.
 */
export async function detectImageType(bytes: Uint8Array): Promise<ImageContentType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime;
  return (PHOTO_CONTENT_TYPES as readonly string[]).includes(mime ?? "") ? (mime as ImageContentType) : null;
}
