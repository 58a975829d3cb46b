import type { Db } from "../../db/client.ts";
import { findFieldOfApplication } from "../../db/queries/form-fields.ts";
import { ApiError } from "../../lib/api-error.ts";
import { FIELD_CONFIG_SCHEMAS } from "../../../shared/fields/field-config.ts";
import { isFieldType, PHOTO_CONTENT_TYPES, PHOTO_MAX_SIZES_MB } from "../../../shared/fields/field-types.ts";
import type { FieldError } from "../../../shared/fields/field-errors.ts";
import { BYTES_PER_MB, mediaFileError, type MediaFile } from "../../../shared/fields/media-rules.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PHOTO_MAX_BYTES = Math.max(...PHOTO_MAX_SIZES_MB) * BYTES_PER_MB;

export interface UploadTarget {
  applicationId: string | undefined;
  /** The question the file answers (`?fieldId=`): an audio, video or file question's own limits apply. */
  fieldId: string | undefined;
}

function refuse(fieldError: FieldError): never {
  const code = fieldError.key === "mediaTooLarge" ? "FILE_TOO_LARGE" : "INVALID_FILE_TYPE";
  throw new ApiError(code, "The file does not fit the question", { fieldError });
}

async function mediaFieldOf(db: Db, target: UploadTarget) {
  const { applicationId, fieldId } = target;
  if (applicationId === undefined || fieldId === undefined || !UUID_PATTERN.test(fieldId)) return undefined;
  const row = await findFieldOfApplication(db, applicationId, fieldId);
  if (!row || !isFieldType(row.fieldType)) return undefined;
  const fieldType = row.fieldType;
  if (fieldType !== "audio" && fieldType !== "video" && fieldType !== "file") return undefined;
  const config = FIELD_CONFIG_SCHEMAS[fieldType].safeParse(row.config ?? {});
  return config.success ? { fieldType, config: config.data } : undefined;
}

/**
 * Refuses an upload its question would not take, before anything is stored: an audio, video or file question's size
 * cap and types (413 FILE_TOO_LARGE, 415 INVALID_FILE_TYPE, the field error in `details.fieldError` for the phone to
 * show). Any other upload (photos, signatures, clients that name no question) must be a JPEG, PNG or WebP image
 * within the photo's largest size. Sync checks the record's answers against their questions again.
 */
export async function admitUpload(db: Db, target: UploadTarget, file: MediaFile): Promise<void> {
  const field = await mediaFieldOf(db, target);
  if (field) {
    const problem = mediaFileError(field, file);
    if (problem) refuse(problem);
    return;
  }
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(file.contentType))
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Only JPEG, PNG and WebP images are accepted");
  if (file.bytes > PHOTO_MAX_BYTES) refuse({ key: "mediaTooLarge", params: { max: PHOTO_MAX_BYTES / BYTES_PER_MB } });
}
