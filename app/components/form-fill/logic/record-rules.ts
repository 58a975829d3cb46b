import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import { evaluateForm, initialAnswers, newRepeatEntry, validateRecord } from "../../../../shared/forms/index.ts";
import type { FormShape } from "./form-structure.ts";
import { parseAnswerPath, type ComputedValue, type FormView } from "./form-view.ts";
import {
  buildAnswers,
  isRepeatEntries,
  entryFromAnswers,
  pendingMedia,
  valueAt,
  valuesFromAnswers,
  withValueAt,
  type FormValue,
  type FormValues,
  type PendingMedia,
  type RepeatEntry,
} from "./form-values.ts";

/** The live logic of the form at its current values: what shows, what is computed, which constraints fail. */
export interface LiveLogic {
  view: FormView;
  constraintErrors: Record<string, FieldError>;
  /** The entries each shown repeat with a `repeat_count` must hold, by its path. */
  requiredCounts: Record<string, number>;
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
      requiredCount: (path) => evaluation.requiredCounts[path],
      isRequired: (path) => evaluation.required[path] === true,
    },
    requiredCounts: evaluation.requiredCounts,
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
function mediaPlaceholder(value: Pick<PendingMedia, "blob" | "contentType" | "fileName">) {
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
  for (const item of pendingMedia(shape, values)) {
    const address = parseAnswerPath(item.fieldId);
    if (!address) continue;
    let holder: unknown = answers;
    for (const step of address.steps) {
      const entries: unknown = isRecord(holder) ? holder[step.repeatId] : undefined;
      holder = Array.isArray(entries) ? entries[step.index] : undefined;
    }
    if (isRecord(holder)) holder[address.fieldId] = mediaPlaceholder(item);
  }
  return answers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasAnswerAt(answers: Record<string, unknown>, path: string): boolean {
  const address = parseAnswerPath(path);
  if (!address) return false;
  let holder: unknown = answers;
  for (const step of address.steps) {
    const entries: unknown = isRecord(holder) ? holder[step.repeatId] : undefined;
    holder = Array.isArray(entries) ? entries[step.index] : undefined;
  }
  return isRecord(holder) && holder[address.fieldId] !== undefined;
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

/**
 * The values a new record starts with: the defaults (`${last-saved#name}` reading the answers of the last record
 * saved on this device, when there is one), and each repeat's minimum number of entries.
 */
export function initialValues(
  shape: FormShape,
  now: Date,
  lastSaved: Record<string, unknown> | null = null,
): FormValues {
  const options = { now, ...(shape.tables ? { tables: shape.tables } : {}), ...(lastSaved ? { lastSaved } : {}) };
  return valuesFromAnswers(shape, initialAnswers(shape.fields, options));
}

/** A new entry of the repeat at `repeatPath`, with its fields' defaults (which may read the answers around it). */
export function entryWithDefaults(shape: FormShape, values: FormValues, repeatPath: string, now: Date): RepeatEntry {
  const address = parseAnswerPath(repeatPath);
  const repeatId = address?.fieldId ?? repeatPath;
  const outer = address?.steps.map((step) => step.index) ?? [];
  const answers = newRepeatEntry(
    shape.fields,
    repeatId,
    buildAnswers(shape, values),
    { now, tables: shape.tables },
    outer,
  );
  return entryFromAnswers(shape, repeatId, answers);
}

/**
 * The values with every repeat that has a `repeat_count` holding that many entries: missing ones are added with
 * their defaults, extra ones go from the end. The deepest repeats settle after their outer entries exist, hence the
 * passes (one per level at most).
 */
export function withRequiredEntries(shape: FormShape, values: FormValues, now: Date): FormValues {
  if (!shape.fields.some((field) => field.fieldType === "repeat" && field.config.repeatCount !== undefined))
    return values;
  let settled = values;
  for (let pass = 0; pass <= shape.fields.length; pass += 1) {
    const { requiredCounts } = evaluateLive(shape, settled, now);
    let changed = false;
    for (const [path, count] of Object.entries(requiredCounts)) {
      const current = valueAt(settled, path);
      const entries = isRepeatEntries(current) ? current : [];
      if (entries.length === count) continue;
      const kept = entries.slice(0, count);
      let next = withValueAt(settled, path, kept);
      while (kept.length < count) {
        kept.push(entryWithDefaults(shape, next, path, now));
        next = withValueAt(settled, path, [...kept]);
      }
      settled = next;
      changed = true;
    }
    if (!changed) break;
  }
  return settled;
}
