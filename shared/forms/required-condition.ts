import { evaluateExpression, isTruthy } from "../expressions/index.ts";
import { isFieldRequired } from "../fields/answer-validation.ts";
import type { FormLogicField } from "../fields/field-config.ts";
import type { FormRun, Instance } from "./evaluate-form.ts";
import type { ModelField } from "./form-model.ts";

/**
 * Whether a field's answer is required at this instance: a required field is, unless its `requiredWhen` condition
 * (XLSForm's `required` written as an expression) is false there. The collect form's asterisk, its save check and
 * the server's sync all ask here. A condition that cannot be read keeps the field required: the stricter reading.
 */
export function isRequiredAt(run: FormRun, node: ModelField<FormLogicField>, instance: Instance = []): boolean {
  if (!isFieldRequired(node.field) || !run.slot(node, instance).visible) return false;
  const condition = run.expression(node, "requiredWhen");
  return condition === undefined || isTruthy(evaluateExpression(condition, run.scope(node, instance)));
}
