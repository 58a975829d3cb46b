import type { AttachmentRef } from "../../../../shared/fields/answer-validation.ts";
import { ATTACHMENT_FIELD_TYPES } from "../../../../shared/fields/media-rules.ts";
import { FIELD_CONFIG_SCHEMAS, type FormLogicField } from "../../../../shared/fields/field-config.ts";
import { isFieldType } from "../../../../shared/fields/field-types.ts";
import { parseNumberText } from "../../../../shared/fields/number-text.ts";
import { isCapturedPosition, type CapturedPosition } from "./gps.ts";
import { isGeometryValue, type GeometryValue } from "./geometry-draft.ts";
import type { FormShape } from "./form-structure.ts";
import { parseAnswerPath, type EntryStep } from "./form-view.ts";
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
export type FormValue =
  string | boolean | string[] | CapturedPosition | GeometryValue | MediaValue | RepeatEntry[] | null;
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

/** The answers of one level: the record's top level (`repeatId` null) or one entry of that repeat. */
function levelAnswers(shape: FormShape, repeatId: string | null, values: FormValues): Record<string, unknown> {
  const answers = answersOf(repeatId === null ? shape.answered : (shape.repeats.get(repeatId) ?? []), values);
  for (const repeat of shape.innerRepeats.get(repeatId) ?? []) {
    const entries = entriesOf(values, repeat.id);
    if (entries.length > 0) answers[repeat.id] = entries.map((entry) => levelAnswers(shape, repeat.id, entry.values));
  }
  return answers;
}

/**
 * Answers of the non-media fields plus media already on the server (edit mode); new blobs travel as outbox media.
 * A repeat's answer is its entries, each holding the entries of its own repeats (contract of issue 11, nested by
 * issue 24); calculations are computed by the form logic, not typed.
 */
export function buildAnswers(shape: FormShape, values: FormValues): Record<string, unknown> {
  return levelAnswers(shape, null, values);
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

function levelMedia(shape: FormShape, repeatId: string | null, values: FormValues, prefix: string): PendingMedia[] {
  return [
    ...mediaOf(repeatId === null ? shape.answered : (shape.repeats.get(repeatId) ?? []), values, prefix),
    ...(shape.innerRepeats.get(repeatId) ?? []).flatMap((repeat) =>
      entriesOf(values, repeat.id).flatMap((entry, index) =>
        levelMedia(shape, repeat.id, entry.values, `${prefix}${repeat.id}.${index}.`),
      ),
    ),
  ];
}

export function pendingMedia(shape: FormShape, values: FormValues): PendingMedia[] {
  return levelMedia(shape, null, values, "");
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

/** The value a widget shows for a stored answer; undefined when the answer has no value it can show. */
export function formValueOf(field: CollectField, answer: unknown): FormValue | undefined {
  if (answer === undefined || answer === null) return undefined;
  if ((field.fieldType === "number" || field.fieldType === "range") && typeof answer === "number")
    return String(answer);
  if (field.fieldType === "metadata" || field.fieldType === "hidden") return metadataValue(answer);
  if (isMediaField(field) && typeof answer === "object") return { kind: "ref", ref: answer as AttachmentRef };
  if (
    typeof answer === "string" ||
    typeof answer === "boolean" ||
    Array.isArray(answer) ||
    isCapturedPosition(answer) ||
    isGeometryValue(answer)
  )
    return answer as FormValue;
  return undefined;
}

function valuesOf(fields: readonly CollectField[], answers: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = formValueOf(field, answers[field.id]);
    if (value !== undefined) values[field.id] = value;
  }
  return values;
}

/** The values of one level's stored answers, the entries of its repeats included. */
function levelValues(shape: FormShape, repeatId: string | null, answers: Record<string, unknown>): FormValues {
  const values = valuesOf(repeatId === null ? shape.answered : (shape.repeats.get(repeatId) ?? []), answers);
  for (const repeat of shape.innerRepeats.get(repeatId) ?? []) {
    const stored = answers[repeat.id];
    if (!Array.isArray(stored)) continue;
    values[repeat.id] = stored
      .filter((entry): entry is Record<string, unknown> => typeof entry === "object" && entry !== null)
      .map((entry) => entryFromAnswers(shape, repeat.id, entry));
  }
  return values;
}

/** A repeat entry holding these answers of the repeat's fields (and its own repeats' entries). */
export function entryFromAnswers(shape: FormShape, repeatId: string, answers: Record<string, unknown>): RepeatEntry {
  return newRepeatEntry(levelValues(shape, repeatId, answers));
}

/** Values stored answers turn back into (edit mode), repeat entries at every depth included. */
export function valuesFromAnswers(shape: FormShape, answers: Record<string, unknown>): FormValues {
  return levelValues(shape, null, answers);
}

/** The value at an answer path: a field's id, `repeatId.index.childId` in a repeat entry, and so on down. */
export function valueAt(values: FormValues, path: string): FormValue | undefined {
  const address = parseAnswerPath(path);
  if (!address) return undefined;
  let level: FormValues | undefined = values;
  for (const step of address.steps) {
    const entries: FormValue | undefined = level?.[step.repeatId];
    level = isRepeatEntries(entries) ? entries[step.index]?.values : undefined;
  }
  return level?.[address.fieldId];
}

function replacedAt(level: FormValues, steps: readonly EntryStep[], fieldId: string, value: FormValue): FormValues {
  const [step, ...rest] = steps;
  if (!step) return { ...level, [fieldId]: value };
  const entries = level[step.repeatId];
  if (!isRepeatEntries(entries) || !entries[step.index]) return level;
  const next = entries.map((entry, index) =>
    index === step.index ? { ...entry, values: replacedAt(entry.values, rest, fieldId, value) } : entry,
  );
  return { ...level, [step.repeatId]: next };
}

/** The values with one answer replaced, at any depth (nothing changes when an entry on the way is missing). */
export function withValueAt(values: FormValues, path: string, value: FormValue): FormValues {
  const address = parseAnswerPath(path);
  return address ? replacedAt(values, address.steps, address.fieldId, value) : values;
}
