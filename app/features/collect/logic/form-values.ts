import { validateAnswer, type AttachmentRef, type MessageStyle } from "../../../../shared/fields/answer-validation.ts";
import { FIELD_CONFIG_SCHEMAS, type ValidatableField } from "../../../../shared/fields/field-config.ts";
import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import { isFieldType } from "../../../../shared/fields/field-types.ts";
import { isCapturedPosition, type CapturedPosition } from "./gps.ts";

/** A field as the collect form uses it: validatable, with what the widget shows. */
export type CollectField = ValidatableField & { label: string; position: number };

/** A photo or signature: a new blob from this device, or (edit mode) the attachment the record already has. */
export type MediaValue = { kind: "blob"; blob: Blob; contentType: string } | { kind: "ref"; ref: AttachmentRef };

/**
 * One widget's value. Numbers stay the typed text until submit so "1." or a half-typed "-" is not lost;
 * dates are YYYY-MM-DD, times HH:mm.
 */
export type FormValue = string | boolean | string[] | CapturedPosition | MediaValue | null;
export type FormValues = Record<string, FormValue>;

/** What the number widget reports when the browser could not read the typed text as a number. */
export const UNREADABLE_NUMBER = "NaN";

export interface RawField {
  id: string;
  fieldType: string;
  label: string;
  position: number;
  config: unknown;
}

function parseConfig(config: unknown): Record<string, unknown> {
  if (typeof config === "string") {
    try {
      return parseConfig(JSON.parse(config));
    } catch {
      return {};
    }
  }
  return typeof config === "object" && config !== null && !Array.isArray(config)
    ? (config as Record<string, unknown>)
    : {};
}

/**
 * Spec 001 §3: config may arrive as a JSON string. A config the rules reject (an old choice list with an
 * empty option, say) keeps its usable parts instead of hiding the field from the collector.
 */
export function toCollectField(raw: RawField): CollectField | null {
  if (!isFieldType(raw.fieldType)) return null;
  const config = parseConfig(raw.config);
  const schema = FIELD_CONFIG_SCHEMAS[raw.fieldType];
  let parsed = schema.safeParse(config);
  if (!parsed.success) {
    const options = Array.isArray(config.options)
      ? config.options.filter((option): option is string => typeof option === "string" && option.trim() !== "")
      : [];
    parsed = schema.safeParse({ required: config.required === true, options: [...new Set(options)] });
  }
  if (!parsed.success) return null;
  return {
    id: raw.id,
    fieldType: raw.fieldType,
    label: raw.label,
    position: raw.position,
    config: parsed.data,
  } as CollectField;
}

export function toCollectFields(raw: readonly RawField[]): CollectField[] {
  return raw
    .map(toCollectField)
    .filter((field): field is CollectField => field !== null)
    .sort((a, b) => a.position - b.position);
}

export function isMediaField(
  field: CollectField,
): field is Extract<CollectField, { fieldType: "photo" | "signature" }> {
  return field.fieldType === "photo" || field.fieldType === "signature";
}

export function isMediaValue(value: unknown): value is MediaValue {
  return (
    typeof value === "object" && value !== null && "kind" in value && (value.kind === "blob" || value.kind === "ref")
  );
}

/** "12,5" is what a pt-BR keyboard gives; the number is read with a dot. */
export function parseNumberText(text: string): number | null {
  const normalized = text.trim().replace(",", ".");
  if (normalized === "" || normalized === UNREADABLE_NUMBER) return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

/** The answer stored for a non-media value; undefined means "not answered". Unreadable numbers stay text so validation names them. */
export function toAnswer(field: CollectField, value: FormValue | undefined): unknown {
  if (value === undefined || value === null) return undefined;
  switch (field.fieldType) {
    case "number": {
      if (typeof value !== "string" || value.trim() === "") return undefined;
      return parseNumberText(value) ?? value;
    }
    case "multiple_choice":
      return Array.isArray(value) && value.length > 0 ? value : undefined;
    case "gps":
      return isCapturedPosition(value) ? value : undefined;
    case "photo":
    case "signature":
      return isMediaValue(value) && value.kind === "ref" ? value.ref : undefined;
    default:
      return typeof value === "string" ? (value.trim() === "" ? undefined : value.trim()) : value;
  }
}

/** Answers of the non-media fields plus media already on the server (edit mode); new blobs travel as outbox media. */
export function buildAnswers(fields: readonly CollectField[], values: FormValues): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    const answer = toAnswer(field, values[field.id]);
    if (answer !== undefined) answers[field.id] = answer;
  }
  return answers;
}

export interface PendingMedia {
  fieldId: string;
  blob: Blob;
  contentType: string;
}

export function pendingMedia(fields: readonly CollectField[], values: FormValues): PendingMedia[] {
  return fields.flatMap((field) => {
    const value = values[field.id];
    return isMediaField(field) && isMediaValue(value) && value.kind === "blob"
      ? [{ fieldId: field.id, blob: value.blob, contentType: value.contentType }]
      : [];
  });
}

/**
 * Runs the shared answer rules. A new photo or signature has no attachment yet (it is uploaded at sync),
 * so for media only presence is checked here; the server checks the reference it gets.
 */
export function validateForm(
  fields: readonly CollectField[],
  values: FormValues,
  style: MessageStyle = "form",
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of fields) {
    const value = values[field.id];
    const fieldError = isMediaField(field)
      ? isMediaValue(value)
        ? null
        : validateAnswer(field, undefined, { style })
      : validateAnswer(field, toAnswer(field, value), { style });
    if (fieldError) errors[field.id] = fieldError;
  }
  return errors;
}

/** The values a session-storage draft can hold: everything but media blobs. */
export function draftableValues(values: FormValues): FormValues {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => !(isMediaValue(value) && value.kind === "blob")),
  );
}

/** Values stored answers turn back into (edit mode). */
export function valuesFromAnswers(fields: readonly CollectField[], answers: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const answer = answers[field.id];
    if (answer === undefined || answer === null) continue;
    if (field.fieldType === "number" && typeof answer === "number") values[field.id] = String(answer);
    else if (isMediaField(field) && typeof answer === "object")
      values[field.id] = { kind: "ref", ref: answer as AttachmentRef };
    else if (
      typeof answer === "string" ||
      typeof answer === "boolean" ||
      Array.isArray(answer) ||
      isCapturedPosition(answer)
    ) {
      values[field.id] = answer as FormValue;
    }
  }
  return values;
}
