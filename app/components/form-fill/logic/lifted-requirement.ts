import { isEmptyAnswer } from "../../../../shared/fields/answer-validation.ts";
import type { FieldError } from "../../../../shared/fields/field-errors.ts";
import type { FormShape } from "./form-structure.ts";
import { valueAt, type FormValues } from "./form-values.ts";
import { parseAnswerPath, type FormView } from "./form-view.ts";

/**
 * The errors a save highlighted, without those whose condition stopped requiring the answer: an empty answer's only
 * possible error is the missing answer, so it goes as soon as the answer is not required there. A repeat's count
 * errors stand on their own (a repeat is never "required").
 */
export function withoutLiftedRequirements(
  shape: FormShape,
  view: FormView,
  values: FormValues,
  errors: Record<string, FieldError>,
): Record<string, FieldError> {
  const lifted = Object.keys(errors).filter((path) => {
    const fieldId = parseAnswerPath(path)?.fieldId;
    const field = shape.fields.find((candidate) => candidate.id === fieldId);
    if (!field || field.fieldType === "repeat" || view.isRequired(path)) return false;
    return isEmptyAnswer(valueAt(values, path));
  });
  if (lifted.length === 0) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !lifted.includes(path)));
}
