import { ApiError } from "./api-error.ts";
import { detectImageType, type ImageContentType } from "../services/storage/image-type.ts";

export interface UploadedImage {
  bytes: Uint8Array;
  contentType: ImageContentType;
}

/** The request's multipart form; any other body, or a malformed one, is refused with a catalogue code. */
export async function readMultipartForm(request: Request): Promise<FormData> {
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Expected multipart/form-data");
  }
  try {
    return await request.formData();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError("VALIDATION_FAILED", "Malformed multipart body");
  }
}

/**
 * The image in the form's `field`, or null when there is none: the size first, then the type by its magic bytes
 * (the declared type is not trusted).
 */
export async function readFormImage(form: FormData, field: string, maxBytes: number): Promise<UploadedImage | null> {
  const file = form.get(field);
  // A form with an empty file input still sends an empty part.
  if (!(file instanceof File) || file.size === 0) return null;
  if (file.size > maxBytes) throw new ApiError("FILE_TOO_LARGE", `Image over ${maxBytes} bytes`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = await detectImageType(bytes);
  if (!contentType) throw new ApiError("INVALID_FILE_TYPE", "Only PNG, JPEG and WebP images are accepted");
  return { bytes, contentType };
}
