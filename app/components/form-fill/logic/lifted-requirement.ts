import { isEmptyAnswer } from "../../../../shared/fields/answer-validation.ts";
import type { FormShape } from "./form-structure.ts";
import { valueAt, type FormValues } from "./form-values.ts";
import { parseAnswerPath, type FormView } from "./form-view.ts";

/**
 * Whether an error a save highlighted no longer holds because its condition stopped requiring the answer: an empty
 * answer's only possible error is the missing answer, so it goes as soon as the answer is not required there.
 * A repeat's count errors stand on their own (a repeat is never "required").
 */
export function isRequirementLifted(shape: FormShape, view: FormView, values: FormValues, path: string): boolean {
  const fieldId = parseAnswerPath(path)?.fieldId;
  const field = shape.fields.find((candidate) => candidate.id === fieldId);
  if (!field || field.fieldType === "repeat" || view.isRequired(path)) return false;
  return isEmptyAnswer(valueAt(values, path));
}
