import type { FieldError } from "./field-errors.ts";

/**
 * Rules of the recorded and picked media questions (audio, video, file), run by the phone before it keeps a file,
 * by the upload route before it stores one and by sync before a record may point at one: one implementation.
 * Content types here are canonical (canonicalContentType): what the server's magic-byte detection stores.
 */

export const MEDIA_FIELD_TYPES = ["audio", "video", "file"] as const;
export type MediaFieldType = (typeof MEDIA_FIELD_TYPES)[number];

/** Every question whose answer points at an uploaded file (answer-validation's AttachmentRef). */
export const ATTACHMENT_FIELD_TYPES = ["photo", "signature", ...MEDIA_FIELD_TYPES] as const;

export function isMediaFieldType(type: string): type is MediaFieldType {
  return (MEDIA_FIELD_TYPES as readonly string[]).includes(type);
}

/** Size caps the designer offers, in MB; the largest is the hard cap of any upload (MAX_UPLOAD_BYTES). */
export const MEDIA_MAX_SIZES_MB = [1, 2, 5, 10, 25, 50] as const;
export type MediaMaxSizeMb = (typeof MEDIA_MAX_SIZES_MB)[number];
export const DEFAULT_MEDIA_MAX_SIZE_MB: Record<MediaFieldType, MediaMaxSizeMb> = { audio: 10, video: 25, file: 10 };
export const BYTES_PER_MB = 1024 * 1024;
export const MAX_UPLOAD_BYTES = Math.max(...MEDIA_MAX_SIZES_MB) * BYTES_PER_MB;

/** Recording length caps (audio, and video recorded in the browser), in seconds. */
export const MEDIA_DURATION_MAX_SECONDS = 3600;
export const DEFAULT_AUDIO_DURATION_SECONDS = 300;

/**
 * Audio containers, by the type the magic bytes give: WebM (Chrome and Firefox recordings; its header does not say
 * whether a video track follows, so it reads as video/webm), Ogg, MP4/M4A (Safari records audio as MP4), MP3, WAV,
 * AAC and the AMR/3GPP files Android's own recorder makes.
 */
export const AUDIO_CONTENT_TYPES = [
  "video/webm",
  "audio/ogg",
  "audio/mp4",
  "video/mp4",
  "audio/mpeg",
  "audio/wav",
  "audio/aac",
  "audio/amr",
  "video/3gpp",
] as const;

export const VIDEO_CONTENT_TYPES = [
  "video/webm",
  "video/ogg",
  "video/mp4",
  "video/quicktime",
  "video/3gpp",
  "video/matroska",
] as const;

/** What a file whose bytes say nothing known is stored as: served only as a download. */
export const OPAQUE_CONTENT_TYPE = "application/octet-stream";

/** Other spellings of one format (browsers', file-type's) → the one stored. */
const CONTENT_TYPE_ALIASES: Record<string, string> = {
  "audio/webm": "video/webm",
  "audio/x-m4a": "audio/mp4",
  "audio/m4a": "audio/mp4",
  "video/x-m4v": "video/mp4",
  "audio/x-wav": "audio/wav",
  "audio/wave": "audio/wav",
  "audio/vnd.wave": "audio/wav",
  "audio/mp3": "audio/mpeg",
  "audio/opus": "audio/ogg",
  "audio/3gpp": "video/3gpp",
  "video/x-matroska": "video/matroska",
};

/** The stored spelling of a content type: no parameters (`;codecs=opus`), lower case, aliases folded. */
export function canonicalContentType(contentType: string): string {
  const essence = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return CONTENT_TYPE_ALIASES[essence] ?? essence;
}

/** Types of formats that carry no magic bytes, named by their extension, so an accept list of types can match them. */
const TEXT_TYPES_BY_EXTENSION: Record<string, string> = {
  csv: "text/csv",
  txt: "text/plain",
  json: "application/json",
  geojson: "application/geo+json",
  xml: "application/xml",
  gpx: "application/gpx+xml",
  kml: "application/vnd.google-earth.kml+xml",
  md: "text/markdown",
  html: "text/html",
  htm: "text/html",
  svg: "image/svg+xml",
};

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot <= 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

/** An accept entry: `.ext`, `type/subtype` or `type/*` (XLSForm `body::accept`, HTML `accept`). */
export const ACCEPT_ENTRY_PATTERN = /^(\.[a-z0-9][a-z0-9_+-]{0,15}|[a-z]+\/(\*|[a-z0-9][a-z0-9.+_-]{0,80}))$/;
export const ACCEPT_ENTRIES_MAX = 30;

/** An accept text (`.pdf, .docx image/*`) as its entries: lower case, deduplicated, split at commas or spaces. */
export function parseAcceptList(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).map((entry) => entry.trim().toLowerCase()))].filter((entry) => entry !== "");
}

export interface MediaFile {
  /** The canonical content type (the detected one on the server, the browser's declared one on the phone). */
  contentType: string;
  bytes: number;
  /** The name the file had on the device (`file` questions). */
  fileName?: string;
}

/**
 * Whether a file passes an accept list: an extension entry against its name, a type entry against its content
 * type, or (bytes that carry no magic number: CSV, text, SVG…) against the type its extension names. An empty
 * list accepts anything.
 */
export function acceptsFile(accept: readonly string[], file: Pick<MediaFile, "contentType" | "fileName">): boolean {
  if (accept.length === 0) return true;
  const extension = extensionOf(file.fileName ?? "");
  const declared = canonicalContentType(file.contentType);
  const types = [declared, TEXT_TYPES_BY_EXTENSION[extension]].filter(
    (type): type is string => type !== undefined && type !== "",
  );
  return accept.some((entry) => {
    if (entry.startsWith(".")) return entry.slice(1) === extension;
    if (entry.endsWith("/*")) return types.some((type) => type.startsWith(entry.slice(0, -1)));
    return types.some((type) => canonicalContentType(entry) === type);
  });
}

export interface MediaFieldRules {
  fieldType: MediaFieldType;
  config: { maxSize: number; accept?: readonly string[] };
}

/** The content types a media question takes; null for a `file`, which takes any (its accept list aside). */
export function contentTypesOf(fieldType: MediaFieldType): readonly string[] | null {
  if (fieldType === "audio") return AUDIO_CONTENT_TYPES;
  if (fieldType === "video") return VIDEO_CONTENT_TYPES;
  return null;
}

/** What keeps a file out of a media question: too large, or not a type it takes. Null when it fits. */
export function mediaFileError(field: MediaFieldRules, file: MediaFile): FieldError | null {
  if (file.bytes > field.config.maxSize * BYTES_PER_MB)
    return { key: "mediaTooLarge", params: { max: field.config.maxSize } };
  const types = contentTypesOf(field.fieldType);
  if (types !== null && !types.includes(canonicalContentType(file.contentType))) return { key: "mediaTypeNotAccepted" };
  const accept = field.config.accept ?? [];
  if (!acceptsFile(accept, file)) return { key: "fileTypeNotAccepted", params: { accept: accept.join(", ") } };
  return null;
}

/** Types a browser shows and plays as they are; any other stored file is only ever served as a download. */
export const INLINE_CONTENT_TYPES: ReadonlySet<string> = new Set<string>([
  "image/jpeg",
  "image/png",
  "image/webp",
  ...AUDIO_CONTENT_TYPES,
  ...VIDEO_CONTENT_TYPES,
]);
