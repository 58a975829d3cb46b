import type { FormLogicField } from "../fields/field-config.ts";
import { isDeviceCalculation } from "../fields/held-calculations.ts";
import { runForm, type FormEvaluationOptions } from "./evaluate-form.ts";
import { formModel } from "./form-model.ts";
import { calculatedAnswer, type TriggeredAnswer } from "./triggers.ts";

/**
 * The answers of the calculations that read the collecting phone (`duration()`, `device-info()`), in every entry
 * of the repeats around them, computed with the phone's `startedAt` and `deviceInfo` in `options`. The phone stores
 * them on saving; the server checks them as sent, as it cannot know either.
 */
export function deviceAnswers(
  fields: readonly FormLogicField[],
  answers: Record<string, unknown>,
  options: FormEvaluationOptions,
): TriggeredAnswer[] {
  const nodes = formModel(fields).fields.filter((node) => isDeviceCalculation(node.field));
  if (nodes.length === 0) return [];
  const run = runForm(fields, answers, options);
  return nodes.flatMap((node) => run.instances(node).map((instance) => calculatedAnswer(run, node, instance)));
}
