import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import { evaluateForm, initialAnswers, newRepeatEntry, validateRecord } from "../../../../shared/forms/index.ts";
import type { FormShape } from "./form-structure.ts";
import {
  buildAnswers,
  isMediaField,
  isMediaValue,
  isRepeatEntries,
  entryFromAnswers,
  pendingMedia,
  valueAt,
  valuesFromAnswers,
  withValueAt,
  type FormValue,
  type FormValues,
  type MediaValue,
  type PendingMedia,
  type RepeatEntry,
} from "./form-values.ts";
import type { ComputedValue, FormView } from "./form-view.ts";

/** The live logic of the form at its current values: what shows, what is computed, which constraints fail. */
export interface LiveLogic {
  view: FormView;
  constraintErrors: Record<string, FieldError>;
}

type Withdrawn = { path: string; value: FormValue }[];

/** Answers picking options their choice filter no longer offers: a single choice empties, a multiple one shrinks. */
function withdrawnChoices(values: FormValues, offered: Record<string, string[]>): Withdrawn {
  return Object.entries(offered).flatMap(([path, options]): Withdrawn => {
    const value = valueAt(values, path);
    if (typeof value === "string" && !options.includes(value)) return [{ path, value: null }];
    if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) return [];
    const kept = value.filter((item) => options.includes(item));
    return kept.length === value.length ? [] : [{ path, value: kept }];
  });
}

/** Runs on every change: one pass of the shared form logic over the typed answers. */
export function evaluateLive(shape: FormShape, values: FormValues, now: Date): LiveLogic {
  const evaluation = evaluateForm(shape.fields, buildAnswers(shape, values), { now, tables: shape.tables });
  return {
    view: {
      // Keys the evaluation does not know (a field of an entry being added) show until the next pass decides.
      isVisible: (path) => evaluation.visible[path] !== false,
      calculation: (path): ComputedValue => evaluation.calculated[path] ?? null,
      offeredOptions: (path) => evaluation.offeredOptions[path],
    },
    constraintErrors: evaluation.constraintErrors,
  };
}

function hasChoiceFilter(field: FormShape["fields"][number]): boolean {
  return "choiceFilter" in field.config && field.config.choiceFilter !== undefined;
}

/**
 * The values after a change, without the choices their filters no longer offer (a city of the state just left).
 * Clearing one may withdraw another further down a chain (state → city → district), hence the repeated passes.
 */
export function withOfferedChoices(shape: FormShape, values: FormValues, now: Date): FormValues {
  if (!shape.fields.some(hasChoiceFilter)) return values;
  let settled = values;
  for (let pass = 0; pass < shape.fields.length; pass += 1) {
    const { offeredOptions } = evaluateForm(shape.fields, buildAnswers(shape, settled), { now, tables: shape.tables });
    const withdrawn = withdrawnChoices(settled, offeredOptions);
    if (withdrawn.length === 0) break;
    settled = withdrawn.reduce((next, { path, value }) => withValueAt(next, path, value), settled);
  }
  return settled;
}

/**
 * Stands in for a photo or signature not uploaded yet (it is uploaded at sync): the shared rules then see it as
 * given, and whether it survives `validateRecord` says whether its question is still shown.
 */
function mediaPlaceholder(value: Extract<MediaValue, { kind: "blob" }>) {
  return {
    attachmentId: "00000000-0000-4000-8000-000000000000",
    sha256: "0".repeat(64),
    contentType: value.contentType,
    bytes: value.blob.size,
    ...(value.fileName === undefined ? {} : { fileName: value.fileName }),
  };
}

function withMediaPlaceholders(shape: FormShape, values: FormValues): Record<string, unknown> {
  const answers = buildAnswers(shape, values);
  for (const field of shape.answered) {
    const value = values[field.id];
    if (isMediaField(field) && isMediaValue(value) && value.kind === "blob")
      answers[field.id] = mediaPlaceholder(value);
  }
  for (const [repeatId, children] of shape.repeats) {
    const stored = answers[repeatId];
    const entries = values[repeatId];
    if (!Array.isArray(stored) || !isRepeatEntries(entries)) continue;
    entries.forEach((entry, index) => {
      const target = stored[index] as Record<string, unknown> | undefined;
      for (const child of children) {
        const value = entry.values[child.id];
        if (target && isMediaField(child) && isMediaValue(value) && value.kind === "blob")
          target[child.id] = mediaPlaceholder(value);
      }
    });
  }
  return answers;
}

function hasAnswerAt(answers: Record<string, unknown>, path: string): boolean {
  const [repeatId, index, childId] = path.split(".");
  if (repeatId === undefined) return false;
  if (index === undefined || childId === undefined) return answers[repeatId] !== undefined;
  const entries = answers[repeatId];
  const entry: unknown = Array.isArray(entries) ? entries[Number(index)] : undefined;
  return typeof entry === "object" && entry !== null && childId in entry;
}

export interface CheckedRecord {
  /** The answers to store: hidden ones dropped, calculations computed (new media are placed by the outbox). */
  answers: Record<string, unknown>;
  /** The new photos and signatures of questions still shown. */
  media: PendingMedia[];
  /** Errors by answer path. */
  errors: Record<string, FieldError>;
  /** A problem with the record as a whole (too large). */
  formError?: FieldError;
}

/** The record as the shared rules judge it before it goes to the outbox (the server runs the same rules). */
export function checkRecord(shape: FormShape, values: FormValues, now: Date): CheckedRecord {
  const result = validateRecord(shape.fields, withMediaPlaceholders(shape, values), { now, tables: shape.tables });
  const media = pendingMedia(shape, values).filter((item) => hasAnswerAt(result.answers, item.fieldId));
  return {
    answers: result.answers,
    media,
    errors: result.fieldErrors,
    ...(result.formError ? { formError: result.formError } : {}),
  };
}

/** The values a new record starts with: the defaults, and each repeat's minimum number of entries. */
export function initialValues(shape: FormShape, now: Date): FormValues {
  return valuesFromAnswers(shape, initialAnswers(shape.fields, { now, tables: shape.tables }));
}

/** A new entry of a repeat, with its children's defaults (which may read the record's answers). */
export function entryWithDefaults(shape: FormShape, values: FormValues, repeatId: string, now: Date): RepeatEntry {
  const answers = newRepeatEntry(shape.fields, repeatId, buildAnswers(shape, values), { now, tables: shape.tables });
  return entryFromAnswers(shape.repeats.get(repeatId) ?? [], answers);
}
