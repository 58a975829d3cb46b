import { z } from "zod";
// Types only: the answer rules travel with the sync engine, which must not load the expression language (and RE2).
import type { ValidatableField } from "./field-config.ts";
import type { FieldError, FieldErrorKey } from "./field-errors.ts";
import { datePrecision, fitsDatePrecision, OTHER_OPTION } from "./appearances.ts";
import { PHOTO_CONTENT_TYPES, SIGNATURE_CONTENT_TYPES } from "./field-types.ts";
import { mediaFileError, type MediaFieldRules } from "./media-rules.ts";
import { jsonValueIssue } from "../text/safe-text.ts";
import { MAX_ANSWERS_BYTES } from "./answer-limits.ts";
import { geometryAnswerError } from "../geo/geometry-answer.ts";
import {
  ACKNOWLEDGED,
  BARCODE_MAX_LENGTH,
  isValidDateTime,
  metadataAnswerError,
  rangeAnswerError,
  rankAnswerError,
} from "./question-types.ts";

export { MAX_ANSWERS_BYTES };

/** A photo or signature answer: points at an attachment uploaded before the record. */
export const attachmentRefSchema = z.object({
  attachmentId: z.uuid(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/i),
  contentType: z.string(),
});
export type AttachmentRef = z.output<typeof attachmentRefSchema>;

/** An audio, video or file answer also names its size (checked against the upload at sync) and, for a file, its name. */
export const mediaFileRefSchema = attachmentRefSchema.extend({
  bytes: z.number().int().min(0),
  fileName: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[^/\\]+$/)
    .optional(),
});

export const latitudeSchema = z.number().min(-90).max(90);
export const longitudeSchema = z.number().min(-180).max(180);

export const gpsAnswerSchema = z.object({
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  accuracy: z.number().min(0).optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
});

/**
 * Messages differ by place: the collect form shows the short 'Permitido: …' texts, a single-field
 * editor the sentence-style ones ('O valor deve estar entre …').
 */
export type MessageStyle = "form" | "field";

export interface AnswerValidationOptions {
  style?: MessageStyle;
  /**
   * Ids of fields removed from the form since a device cached it (rows kept with deleted_at). Their answers
   * are accepted as they are, so a record made offline against the older form still syncs.
   */
  retiredFieldIds?: Iterable<string>;
}

const NUMBER_KEYS = {
  form: { invalid: "invalidNumber", range: "numberRange", min: "numberMin", max: "numberMax" },
  field: { invalid: "invalidNumberField", range: "numberRangeField", min: "numberMinField", max: "numberMaxField" },
} as const satisfies Record<MessageStyle, Record<string, FieldErrorKey>>;

/** Whether an answer is required: display-only and calculated fields never are. */
export function isFieldRequired(field: ValidatableField): boolean {
  return "required" in field.config && field.config.required;
}

/** Empty means blank (after trimming), null/undefined, or an empty list; `false` and 0 are answers. */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  return Array.isArray(value) && value.length === 0;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const PHONE_DIGITS = { min: 8, max: 15 }; // 15 = longest E.164 number
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

export function isValidPhone(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return PHONE_PATTERN.test(value) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

/** Only absolute http(s) addresses with a dotted host; `URL.canParse` is avoided because Safari < 17 lacks it. */
export function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** A real calendar day written YYYY-MM-DD (2024-02-30 is rejected). */
export function isValidDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isValidTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

function error(key: FieldErrorKey, params?: FieldError["params"]): FieldError {
  return params === undefined ? { key } : { key, params };
}

const ENTITY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An entity question's answer: the picked entity's id (shared/entities/). */
function isEntityId(value: string): boolean {
  return ENTITY_ID.test(value);
}

function checkString(value: unknown, isValid: (text: string) => boolean, key: FieldErrorKey): FieldError | null {
  if (typeof value !== "string") return error("invalidValue");
  return isValid(value.trim()) ? null : error(key);
}

function checkNumber(
  value: unknown,
  config: Extract<ValidatableField, { fieldType: "number" }>["config"],
  style: MessageStyle,
): FieldError | null {
  const keys = NUMBER_KEYS[style];
  if (typeof value !== "number" || !Number.isFinite(value)) return error(keys.invalid);
  if (config.format === "integer" && !Number.isInteger(value)) return error("integerRequired");
  const { minValue: min, maxValue: max } = config;
  if (min !== undefined && max !== undefined)
    return value < min || value > max ? error(keys.range, { min, max }) : null;
  if (min !== undefined && value < min) return error(keys.min, { min });
  if (max !== undefined && value > max) return error(keys.max, { max });
  return null;
}

function checkAttachment(value: unknown, allowedTypes: readonly string[]): FieldError | null {
  const result = attachmentRefSchema.safeParse(value);
  return result.success && allowedTypes.includes(result.data.contentType) ? null : error("invalidAttachment");
}

function checkMediaFile(value: unknown, field: MediaFieldRules): FieldError | null {
  const result = mediaFileRefSchema.safeParse(value);
  return result.success ? mediaFileError(field, result.data) : error("invalidAttachment");
}

/**
 * An option of the list, or `other` where the select offers ODK's "or_other". Options from an attached file are
 * checked against the file by validateRecord (shared/forms), which has the form version's files.
 */
function isOffered(
  config: { options: readonly string[]; orOther?: boolean; choicesFile?: string },
  value: string,
): boolean {
  return (
    config.choicesFile !== undefined ||
    config.options.includes(value) ||
    (config.orOther === true && value === OTHER_OPTION)
  );
}

/** A `month-year` or `year` date is stored as the first day of its month or year (as ODK stores it). */
function checkDate(value: unknown, config: object): FieldError | null {
  const invalid = checkString(value, isValidDate, "invalidDate");
  if (invalid || typeof value !== "string") return invalid;
  const precision = datePrecision(config);
  if (fitsDatePrecision(value.trim(), precision)) return null;
  return error(precision === "year" ? "invalidYear" : "invalidMonthYear");
}

/** Validates one answer. Returns null when the value is acceptable for the field. */
export function validateAnswer(
  field: ValidatableField,
  value: unknown,
  options: AnswerValidationOptions = {},
): FieldError | null {
  if (isEmptyAnswer(value)) {
    if (!isFieldRequired(field)) return null;
    return error(field.fieldType === "yes_no" ? "selectYesNo" : "required");
  }
  switch (field.fieldType) {
    case "text":
      return typeof value === "string" ? null : error("invalidValue");
    case "number":
      return checkNumber(value, field.config, options.style ?? "form");
    case "date":
      return checkDate(value, field.config);
    case "time":
      return checkString(value, isValidTime, "invalidTime");
    case "email":
      return checkString(value, isValidEmail, "invalidEmail");
    case "phone":
      return checkString(value, isValidPhone, "invalidPhone");
    case "url":
      return checkString(value, isValidUrl, "invalidUrl");
    case "yes_no":
      return typeof value === "boolean" ? null : error("invalidValue");
    case "single_choice":
      return typeof value === "string" && isOffered(field.config, value) ? null : error("invalidOption");
    case "multiple_choice": {
      const valid =
        Array.isArray(value) &&
        value.every((item) => typeof item === "string" && isOffered(field.config, item)) &&
        new Set(value).size === value.length;
      return valid ? null : error("invalidOption");
    }
    case "photo":
      return checkAttachment(value, PHOTO_CONTENT_TYPES);
    case "signature":
      return checkAttachment(value, SIGNATURE_CONTENT_TYPES);
    case "audio":
    case "video":
    case "file":
      return checkMediaFile(value, field);
    case "gps":
      return gpsAnswerSchema.safeParse(value).success ? null : error("invalidLocation");
    case "calculation":
    case "hidden":
      return typeof value === "string" ||
        typeof value === "boolean" ||
        (typeof value === "number" && Number.isFinite(value))
        ? null
        : error("invalidValue");
    case "repeat":
      // Entries are checked field by field by the form logic (shared/forms); here only their shape.
      return Array.isArray(value) && value.every(isPlainObject) ? null : error("invalidValue");
    case "datetime":
      return checkString(value, isValidDateTime, "invalidDateTime");
    case "range":
      return rangeAnswerError(value, field.config);
    case "rank":
      return rankAnswerError(value, field.config);
    case "acknowledge":
      return value === ACKNOWLEDGED ? null : error("acknowledgeRequired");
    case "barcode":
      return typeof value === "string" && value.length <= BARCODE_MAX_LENGTH ? null : error("invalidValue");
    case "metadata":
      return metadataAnswerError(field.config.kind, value);
    case "line":
    case "area":
      return geometryAnswerError(field.fieldType, value);
    case "entity":
      return checkString(value, isEntityId, "invalidValue");
    case "note":
    case "section":
      return error("invalidValue");
  }
}

export interface AnswersValidationResult {
  valid: boolean;
  /** Keyed by field id, in the order of the given fields, so the first entry is the one to focus. */
  fieldErrors: Record<string, FieldError>;
  /** A problem with the answers as a whole (not an object, too large). */
  formError?: FieldError;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** UTF-8 size of the JSON text, or null when the value cannot be serialised. */
function jsonByteLength(value: unknown): number | null {
  try {
    return new TextEncoder().encode(JSON.stringify(value)).length;
  } catch {
    return null;
  }
}

/**
 * What is wrong with the answers as a whole, whatever the form: not an object, text no database can store (NUL,
 * lone surrogates, in values or keys), nesting deeper than any answer needs. Runs before anything hashes or
 * stores them; the sync endpoint rejects such a record on its own.
 */
export function answersShapeError(answers: unknown): FieldError | null {
  if (!isPlainObject(answers)) return error("invalidAnswers");
  const issue = jsonValueIssue(answers);
  if (issue === "unsafeText") return error("invalidCharacters");
  return issue === null ? null : error("invalidAnswers");
}

/** The error of answers over MAX_ANSWERS_BYTES (also what calculations computed, so it is checked again after them). */
export function answersSizeError(answers: unknown): FieldError | null {
  const size = jsonByteLength(answers);
  if (size === null) return error("invalidAnswers");
  return size > MAX_ANSWERS_BYTES ? answersTooLarge() : null;
}

export function answersTooLarge(): FieldError {
  return error("answersTooLarge", { maxKb: MAX_ANSWERS_BYTES / 1024 });
}

/** What is wrong with the answers as a whole: their shape (answersShapeError), or a size over MAX_ANSWERS_BYTES. */
export function answersFormError(answers: unknown): FieldError | null {
  return answersShapeError(answers) ?? answersSizeError(answers);
}

/**
 * Validates a record's answers (field id → value) against the application's fields: the collect form
 * runs it before saving, the sync endpoint before inserting. Pass fields in position order.
 */
export function validateAnswers(
  fields: readonly ValidatableField[],
  answers: unknown,
  options: AnswerValidationOptions = {},
): AnswersValidationResult {
  const formError = answersFormError(answers);
  if (formError || !isPlainObject(answers)) {
    return { valid: false, fieldErrors: {}, formError: formError ?? error("invalidAnswers") };
  }
  const fieldErrors: Record<string, FieldError> = {};
  for (const field of fields) {
    const fieldError = validateAnswer(field, answers[field.id], options);
    if (fieldError) fieldErrors[field.id] = fieldError;
  }
  const knownIds = new Set([...fields.map((field) => field.id), ...(options.retiredFieldIds ?? [])]);
  for (const id of Object.keys(answers)) {
    if (!knownIds.has(id)) fieldErrors[id] = error("unknownField");
  }
  return { valid: Object.keys(fieldErrors).length === 0, fieldErrors };
}

const REQUIRED_KEYS: readonly FieldErrorKey[] = ["required", "selectYesNo"];

/** Keys (namespace `fields`) of the collect form's failure feedback: the summary line and the toast title. */
export const FORM_FEEDBACK_KEYS = ["fillRequired", "fixHighlighted", "invalidForm"] as const;

/** The form's summary line: 'fillRequired' when only required answers are missing, 'fixHighlighted' otherwise. */
export function errorSummaryKey(fieldErrors: Record<string, FieldError>): "fillRequired" | "fixHighlighted" | null {
  const errors = Object.values(fieldErrors);
  if (errors.length === 0) return null;
  return errors.every((fieldError) => REQUIRED_KEYS.includes(fieldError.key)) ? "fillRequired" : "fixHighlighted";
}
