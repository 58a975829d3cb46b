import { validateAnswer } from "../../../../shared/fields/answer-validation.ts";
import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import type { FormShape } from "./form-structure.ts";
import {
  answersForRules,
  isRepeatEntries,
  newRepeatEntry,
  PENDING_MEDIA_ANSWER,
  type FormValues,
  type RepeatEntry,
} from "./form-values.ts";
import { entryPath, type FormView } from "./form-view.ts";

/** The live logic of the form at its current values: what shows, what is computed, which constraints fail. */
export interface LiveLogic {
  view: FormView;
  constraintErrors: Record<string, FieldError>;
}

export function evaluateLive(shape: FormShape, values: FormValues, now: Date): LiveLogic {
  void shape;
  void values;
  void now;
  return { view: { isVisible: () => true, calculation: () => null }, constraintErrors: {} };
}

export interface CheckedRecord {
  /** The answers to store. */
  answers: Record<string, unknown>;
  /** Errors by answer path. */
  errors: Record<string, FieldError>;
}

export function checkRecord(shape: FormShape, values: FormValues, now: Date): CheckedRecord {
  void now;
  const answers = answersForRules(shape, values);
  const errors: Record<string, FieldError> = {};
  for (const field of shape.answered) {
    const answer = answers[field.id];
    const error = answer === PENDING_MEDIA_ANSWER ? null : validateAnswer(field, answer, { style: "form" });
    if (error) errors[field.id] = error;
  }
  for (const [repeatId, children] of shape.repeats) {
    const entries = answers[repeatId];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry: Record<string, unknown>, index) => {
      for (const child of children) {
        const answer = entry[child.id];
        const error = answer === PENDING_MEDIA_ANSWER ? null : validateAnswer(child, answer, { style: "form" });
        if (error) errors[entryPath(repeatId, index, child.id)] = error;
      }
    });
  }
  return { answers, errors };
}

/** The values a new record starts with. */
export function initialValues(shape: FormShape, now: Date): FormValues {
  void shape;
  void now;
  return {};
}

/** A new entry of a repeat, with its children's defaults. */
export function entryWithDefaults(shape: FormShape, values: FormValues, repeatId: string, now: Date): RepeatEntry {
  void shape;
  void values;
  void repeatId;
  void now;
  return newRepeatEntry();
}

export { isRepeatEntries };
