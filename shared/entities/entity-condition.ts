import { evaluateExpression, isTruthy, parseExpression } from "../expressions/index.ts";
import type { FormLogicField } from "../fields/field-config.ts";
import { runForm, type FormEvaluationOptions } from "../forms/evaluate-form.ts";

/**
 * Whether a record meets its form's entity condition (XLSForm's `create_if` / `update_if`), read over the record's
 * answers as a top-level calculation reads them, with the same engine on the phone and in the server's sync. No
 * condition always holds. One that does not parse never does: setting an action refuses such a condition, so it can
 * only come from a form saved since, and creating nothing is what ODK does with a condition it cannot read.
 */
export function entityConditionHolds(
  condition: string | undefined,
  fields: readonly FormLogicField[],
  answers: Record<string, unknown>,
  options: FormEvaluationOptions = {},
): boolean {
  if (condition === undefined) return true;
  const parsed = parseExpression(condition);
  if (!parsed.ok) return false;
  return isTruthy(evaluateExpression(parsed.expression, runForm(fields, answers, options).formScope()));
}
