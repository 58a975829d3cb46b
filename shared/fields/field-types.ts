/**
 * The field types a form can hold. The keys are stored in `form_fields.field_type` and in answers, so they
 * never change; what users read comes from the `fields` translation namespace.
 */
export const FIELD_TYPES = [
  "text",
  "number",
  "date",
  "time",
  "yes_no",
  "single_choice",
  "multiple_choice",
  "email",
  "phone",
  "url",
  "signature",
  "photo",
  "audio",
  "video",
  "file",
  "gps",
  "note",
  "calculation",
  "section",
  "repeat",
  // Issue 24: XLSForm question types (shared/fields/question-types.ts holds their rules).
  "datetime",
  "range",
  "rank",
  "acknowledge",
  "hidden",
  "barcode",
  "metadata",
  // Issue 25: XLSForm geotrace and geoshape, answered with a GeoJSON geometry (shared/geo/geometry-answer.ts).
  "line",
  "area",
  // Issue 26: picks an entity of the form's entity list (shared/entities/); the answer is the entity's id.
  "entity",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/**
 * Fields that hold no answer of the collector's: layout (section, repeat), text (note) and computed values
 * (calculation). "N campos" counts the others, the questions.
 */
export const NON_QUESTION_TYPES = [
  "note",
  "calculation",
  "section",
  "repeat",
  "hidden",
  "metadata",
] as const satisfies readonly FieldType[];

export function isQuestion(fieldType: string): boolean {
  return !(NON_QUESTION_TYPES as readonly string[]).includes(fieldType);
}

/** Palette groups, in the order the designer shows them. */
export const FIELD_CATEGORIES = ["basic", "choice", "contact", "media", "location", "advanced"] as const;
export type FieldCategory = (typeof FIELD_CATEGORIES)[number];

export interface FieldTypeInfo {
  type: FieldType;
  category: FieldCategory;
  /** Key in the `fields` namespace of the palette label (also the default label of a new field). */
  labelKey: `types.${FieldType}`;
  /** Name of a lucide-react icon; the web maps it to the component so `shared/` stays free of React. */
  icon: string;
}

function info(type: FieldType, category: FieldCategory, icon: string): FieldTypeInfo {
  return { type, category, labelKey: `types.${type}`, icon };
}

export const FIELD_TYPE_INFO: Readonly<Record<FieldType, FieldTypeInfo>> = {
  text: info("text", "basic", "Type"),
  number: info("number", "basic", "Hash"),
  date: info("date", "basic", "Calendar"),
  time: info("time", "basic", "Clock"),
  yes_no: info("yes_no", "basic", "ToggleLeft"),
  single_choice: info("single_choice", "choice", "CircleDot"),
  multiple_choice: info("multiple_choice", "choice", "ListChecks"),
  email: info("email", "contact", "Mail"),
  phone: info("phone", "contact", "Phone"),
  url: info("url", "contact", "Link"),
  signature: info("signature", "media", "Signature"),
  photo: info("photo", "media", "Camera"),
  audio: info("audio", "media", "Mic"),
  video: info("video", "media", "Video"),
  file: info("file", "media", "Paperclip"),
  gps: info("gps", "location", "MapPin"),
  note: info("note", "advanced", "StickyNote"),
  calculation: info("calculation", "advanced", "Calculator"),
  section: info("section", "advanced", "Rows3"),
  repeat: info("repeat", "advanced", "Repeat"),
  datetime: info("datetime", "basic", "CalendarClock"),
  range: info("range", "basic", "SlidersHorizontal"),
  rank: info("rank", "choice", "ListOrdered"),
  acknowledge: info("acknowledge", "basic", "CircleCheck"),
  hidden: info("hidden", "advanced", "EyeOff"),
  barcode: info("barcode", "advanced", "ScanBarcode"),
  metadata: info("metadata", "advanced", "Fingerprint"),
  line: info("line", "location", "Route"),
  area: info("area", "location", "Pentagon"),
  entity: info("entity", "advanced", "Trees"),
};

/** Types that hold other fields (their children name them in `parentName`). Sections only group; a repeat's
 * children are answered once per entry, stored as `answers[repeatId] = [{ childId: value, … }, …]`. */
export const CONTAINER_FIELD_TYPES = ["section", "repeat"] as const satisfies readonly FieldType[];
export type ContainerFieldType = (typeof CONTAINER_FIELD_TYPES)[number];

/** Types the collector never answers: a note is text to read; a section only groups (a repeat's answer is its entries). */
export const DISPLAY_ONLY_FIELD_TYPES = ["note", "section"] as const satisfies readonly FieldType[];

export function isContainerType(type: FieldType): type is ContainerFieldType {
  return (CONTAINER_FIELD_TYPES as readonly FieldType[]).includes(type);
}

export function isDisplayOnlyType(type: FieldType): boolean {
  return (DISPLAY_ONLY_FIELD_TYPES as readonly FieldType[]).includes(type);
}

export interface PaletteGroup {
  category: FieldCategory;
  labelKey: `categories.${FieldCategory}`;
  types: readonly FieldTypeInfo[];
}

/** The palette: categories in display order, each with its types in `FIELD_TYPES` order. */
export const FIELD_PALETTE: readonly PaletteGroup[] = FIELD_CATEGORIES.map((category) => ({
  category,
  labelKey: `categories.${category}` as const,
  types: FIELD_TYPES.map((type) => FIELD_TYPE_INFO[type]).filter((entry) => entry.category === category),
}));

export function isFieldType(value: unknown): value is FieldType {
  return typeof value === "string" && (FIELD_TYPES as readonly string[]).includes(value);
}

export const TEXT_FORMATS = ["plain", "textarea"] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];
export const DEFAULT_TEXT_FORMAT: TextFormat = "plain";

export const NUMBER_FORMATS = ["decimal", "integer", "percentage", "currency"] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];
export const DEFAULT_NUMBER_FORMAT: NumberFormat = "decimal";

export const CAPTURE_MODES = ["camera", "gallery", "both"] as const;
export type CaptureMode = (typeof CAPTURE_MODES)[number];
export const DEFAULT_CAPTURE_MODE: CaptureMode = "both";

export const PHOTO_MAX_SIZES_MB = [1, 2, 5, 10] as const;
export type PhotoMaxSizeMb = (typeof PHOTO_MAX_SIZES_MB)[number];
export const DEFAULT_PHOTO_MAX_SIZE_MB: PhotoMaxSizeMb = 5;

/** Content types an attachment answer may reference: photos are JPEG after compression (PNG/WebP kept when compression fails), signatures PNG. */
export const PHOTO_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const SIGNATURE_CONTENT_TYPES = ["image/png"] as const;
