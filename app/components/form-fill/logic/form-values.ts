import type { AttachmentRef } from "../../../../shared/fields/answer-validation.ts";
import { ATTACHMENT_FIELD_TYPES } from "../../../../shared/fields/media-rules.ts";
import { FIELD_CONFIG_SCHEMAS, type FormLogicField } from "../../../../shared/fields/field-config.ts";
import { isFieldType } from "../../../../shared/fields/field-types.ts";
import { parseNumberText } from "../../../../shared/fields/number-text.ts";
import { isCapturedPosition, type CapturedPosition } from "./gps.ts";
import type { FormShape } from "./form-structure.ts";
import { parseEntryPath } from "./form-view.ts";
import { metadataAnswer, metadataValue } from "./metadata-values.ts";

/** A field as the collect form uses it: what the form logic needs (name, parent, label) and its position. */
export type CollectField = FormLogicField & { position: number };

/**
 * A photo, signature, recording or file: a new blob from this device (a picked file keeps its name), or (edit mode)
 * the attachment the record already has.
 */
export type MediaValue =
  | { kind: "blob"; blob: Blob; contentType: string; fileName?: string }
  | { kind: "ref"; ref: AttachmentRef & { bytes?: number; fileName?: string } };

/**
 * One widget's value. Numbers stay the typed text until submit so "1." or a half-typed "-" is not lost;
 * dates are YYYY-MM-DD, times HH:mm.
 */
export type FormValue = string | boolean | string[] | CapturedPosition | MediaValue | RepeatEntry[] | null;
export type FormValues = Record<string, FormValue>;

/** One entry of a repeat group: its children's values, and a key that stays with it when entries move. */
export interface RepeatEntry {
  key: string;
  values: FormValues;
}

export function isRepeatEntries(value: unknown): value is RepeatEntry[] {
  return Array.isArray(value) && value.every((item) => typeof item === "object" && item !== null && "values" in item);
}

let entryCounter = 0;
/** Keys only need to be unique within one form on one device. */
export function newRepeatEntry(values: FormValues = {}): RepeatEntry {
  entryCounter += 1;
  return { key: `entry-${Date.now().toString(36)}-${entryCounter}`, values };
}

export interface RawField {
  id: string;
  fieldType: string;
  label: string;
  /** Missing in application copies cached before fields had names. */
  name?: string;
  parentName?: string | null;
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
    name: raw.name ?? raw.id,
    parentName: raw.parentName ?? null,
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

type AttachmentFieldType = (typeof ATTACHMENT_FIELD_TYPES)[number];

export function isMediaField(field: CollectField): field is Extract<CollectField, { fieldType: AttachmentFieldType }> {
  return (ATTACHMENT_FIELD_TYPES as readonly string[]).includes(field.fieldType);
}

export function isMediaValue(value: unknown): value is MediaValue {
  return (
    typeof value === "object" && value !== null && "kind" in value && (value.kind === "blob" || value.kind === "ref")
  );
}

/** The answer stored for a non-media value; undefined means "not answered". Text that is no number stays text so validation names it. */
export function toAnswer(field: CollectField, value: FormValue | undefined): unknown {
  if (value === undefined || value === null) return undefined;
  switch (field.fieldType) {
    case "number":
    case "range": {
      if (typeof value !== "string" || value.trim() === "") return undefined;
      return parseNumberText(value) ?? value;
    }
    case "metadata":
      return metadataAnswer(field.config.kind, value);
    case "multiple_choice":
    case "rank":
      return Array.isArray(value) && value.length > 0 ? value : undefined;
    case "gps":
      return isCapturedPosition(value) ? value : undefined;
    case "photo":
    case "signature":
    case "audio":
    case "video":
    case "file":
      return isMediaValue(value) && value.kind === "ref" ? value.ref : undefined;
    default:
      return typeof value === "string" ? (value.trim() === "" ? undefined : value.trim()) : value;
  }
}

function answersOf(fields: readonly CollectField[], values: FormValues): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    const answer = toAnswer(field, values[field.id]);
    if (answer !== undefined) answers[field.id] = answer;
  }
  return answers;
}

function entriesOf(values: FormValues, repeatId: string): RepeatEntry[] {
  const entries = values[repeatId];
  return isRepeatEntries(entries) ? entries : [];
}

/**
 * Answers of the non-media fields plus media already on the server (edit mode); new blobs travel as outbox media.
 * A repeat's answer is its entries (contract of issue 11); calculations are computed by the form logic, not typed.
 */
export function buildAnswers(shape: FormShape, values: FormValues): Record<string, unknown> {
  const answers = answersOf(shape.answered, values);
  for (const [repeatId, children] of shape.repeats) {
    const entries = entriesOf(values, repeatId);
    if (entries.length > 0) answers[repeatId] = entries.map((entry) => answersOf(children, entry.values));
  }
  return answers;
}

export interface PendingMedia {
  /** The field's id, or `repeatId.index.childId` inside a repeat entry. */
  fieldId: string;
  blob: Blob;
  contentType: string;
  fileName?: string;
}

function mediaOf(fields: readonly CollectField[], values: FormValues, prefix: string): PendingMedia[] {
  return fields.flatMap((field) => {
    const value = values[field.id];
    return isMediaField(field) && isMediaValue(value) && value.kind === "blob"
      ? [
          {
            fieldId: `${prefix}${field.id}`,
            blob: value.blob,
            contentType: value.contentType,
            ...(value.fileName === undefined ? {} : { fileName: value.fileName }),
          },
        ]
      : [];
  });
}

export function pendingMedia(shape: FormShape, values: FormValues): PendingMedia[] {
  return [
    ...mediaOf(shape.answered, values, ""),
    ...[...shape.repeats].flatMap(([repeatId, children]) =>
      entriesOf(values, repeatId).flatMap((entry, index) => mediaOf(children, entry.values, `${repeatId}.${index}.`)),
    ),
  ];
}

/** The values a session-storage draft can hold: everything but media blobs (inside repeat entries too). */
export function draftableValues(values: FormValues): FormValues {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => !(isMediaValue(value) && value.kind === "blob"))
      .map(([id, value]) => [
        id,
        isRepeatEntries(value) ? value.map((entry) => ({ ...entry, values: draftableValues(entry.values) })) : value,
      ]),
  );
}

function valuesOf(fields: readonly CollectField[], answers: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const answer = answers[field.id];
    if (answer === undefined || answer === null) continue;
    if ((field.fieldType === "number" || field.fieldType === "range") && typeof answer === "number")
      values[field.id] = String(answer);
    else if (field.fieldType === "metadata" || field.fieldType === "hidden") {
      const value = metadataValue(answer);
      if (value !== undefined) values[field.id] = value;
    } else if (isMediaField(field) && typeof answer === "object")
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

/** A repeat entry holding these answers of the repeat's children. */
export function entryFromAnswers(children: readonly CollectField[], answers: Record<string, unknown>): RepeatEntry {
  return newRepeatEntry(valuesOf(children, answers));
}

/** Values stored answers turn back into (edit mode), repeat entries included. */
export function valuesFromAnswers(shape: FormShape, answers: Record<string, unknown>): FormValues {
  const values = valuesOf(shape.answered, answers);
  for (const [repeatId, children] of shape.repeats) {
    const stored = answers[repeatId];
    if (!Array.isArray(stored)) continue;
    values[repeatId] = stored
      .filter((entry): entry is Record<string, unknown> => typeof entry === "object" && entry !== null)
      .map((entry) => entryFromAnswers(children, entry));
  }
  return values;
}

/** The value at an answer path: a field's id, or `repeatId.index.childId` inside a repeat entry. */
export function valueAt(values: FormValues, path: string): FormValue | undefined {
  const address = parseEntryPath(path);
  if (!address) return values[path];
  const entries = values[address.repeatId];
  return isRepeatEntries(entries) ? entries[address.index]?.values[address.childId] : undefined;
}

/** The values with one answer replaced: a field's id, or `repeatId.index.childId` inside a repeat entry. */
export function withValueAt(values: FormValues, path: string, value: FormValue): FormValues {
  const address = parseEntryPath(path);
  if (!address) return { ...values, [path]: value };
  const entries = values[address.repeatId];
  if (!isRepeatEntries(entries) || !entries[address.index]) return values;
  const next = entries.map((entry, index) =>
    index === address.index ? { ...entry, values: { ...entry.values, [address.childId]: value } } : entry,
  );
  return { ...values, [address.repeatId]: next };
}
