import { evaluateExpression, isEmptyValue, toScalar, toText } from "../expressions/index.ts";
import type { FormLogicField } from "../fields/field-config.ts";
import { defaultAnswer } from "./answer-values.ts";
import { nodeKey, runForm, type FormEvaluationOptions, type Instance } from "./evaluate-form.ts";
import type { FormModel, ModelField } from "./form-model.ts";
import { formModel } from "./form-model.ts";

/**
 * ODK's `trigger`: a field whose value is set when another question's answer changes, and kept otherwise (the
 * collector may still edit a question). The phone applies it as the trigger changes; the value is then an answer
 * like any other, so the server checks it as sent (it cannot replay the changes that set it).
 */

type Node = ModelField<FormLogicField>;

/** The question whose change sets this field's value, when it names one of the form. */
function triggerNode(model: FormModel<FormLogicField>, node: Node): Node | undefined {
  const parsed = node.expressions.trigger;
  return parsed?.ok && parsed.expression.kind === "field" ? model.byName(parsed.expression.name) : undefined;
}

/** One answer a trigger sets: where (an answer key) and what (undefined empties it). */
export interface TriggeredAnswer {
  key: string;
  fieldId: string;
  answer: string | number | boolean | string[] | undefined;
}

/**
 * The answers set because the answer of `changed` (at `instance`, its entry of each repeat around it) changed: every
 * field triggered by it, in the same entries of the repeats both share (in all entries of the repeats only the
 * triggered field is in), gets its `calculation` evaluated on the answers as they are now.
 */
export function triggeredAnswers(
  fields: readonly FormLogicField[],
  answers: Record<string, unknown>,
  changed: { fieldId: string; instance: Instance },
  options: FormEvaluationOptions = {},
): TriggeredAnswer[] {
  const model = formModel(fields);
  const source = model.fields.find((node) => node.field.id === changed.fieldId);
  if (!source) return [];
  const targets = model.fields.filter((node) => node !== source && triggerNode(model, node) === source);
  if (targets.length === 0) return [];
  const run = runForm(fields, answers, options);
  return targets.flatMap((node) => {
    let shared = 0;
    while (shared < node.repeats.length && node.repeats[shared] === source.repeats[shared]) shared += 1;
    const prefix = changed.instance.slice(0, shared);
    return run
      .instances(node)
      .filter((instance) => prefix.every((index, level) => instance[level] === index))
      .map((instance) => calculatedAnswer(run, node, instance));
  });
}

/** The answer a field's `calculation` gives at one place of the record, as the phone stores it. */
export function calculatedAnswer(run: ReturnType<typeof runForm>, node: Node, instance: Instance): TriggeredAnswer {
  const calculation = run.expression(node, "calculation");
  const value = calculation ? evaluateExpression(calculation, run.scope(node, instance)) : null;
  const scalar = toScalar(value);
  const answer =
    node.field.fieldType === "calculation"
      ? isEmptyValue(value) || scalar === null
        ? undefined
        : toText(scalar)
      : defaultAnswer(node.field, value);
  return { key: nodeKey(node, instance), fieldId: node.field.id, answer };
}
