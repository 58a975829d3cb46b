import { loadFileType } from "../../lib/file-type-module.ts";
import { PHOTO_CONTENT_TYPES } from "../../../shared/fields/field-types.ts";

export type ImageContentType = (typeof PHOTO_CONTENT_TYPES)[number];

/**
 * The image type the bytes really are (magic bytes), or null when they are not JPEG, PNG or WebP. The
 * declared Content-Type is never trusted: it is what an attacker would forge.
 */
export async function detectImageType(bytes: Uint8Array): Promise<ImageContentType | null> {
  const detected = await (await loadFileType()).fileTypeFromBuffer(bytes);
  const mime = detected?.mime;
  return (PHOTO_CONTENT_TYPES as readonly string[]).includes(mime ?? "") ? (mime as ImageContentType) : null;
}

/** The extension a stored image's key gets, so the key alone tells the type its bytes were detected as. */
export const IMAGE_EXTENSIONS: Record<ImageContentType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

/** The type of an image stored under a key ending in one of IMAGE_EXTENSIONS, or null. */
export function imageTypeOfKey(key: string): ImageContentType | null {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  const found = Object.entries(IMAGE_EXTENSIONS).find(([, value]) => value === extension);
  return found ? (found[0] as ImageContentType) : null;
}
