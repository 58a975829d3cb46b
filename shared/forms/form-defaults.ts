import { evaluateExpression, type ExpressionValue } from "../expressions/index.ts";
import type { FormLogicField } from "../fields/field-config.ts";
import { answerValue, defaultAnswer } from "./answer-values.ts";
import type { FormEvaluationOptions } from "./evaluate-form.ts";
import { formModel, type ModelField } from "./form-model.ts";

type Node = ModelField<FormLogicField>;

/**
 * Fills the defaults of `nodes` into `target`, in form order, so a default can read answers and defaults before it.
 * `read` gives the value of fields outside `target`.
 */
function fillDefaults(
  nodes: readonly Node[],
  target: Record<string, unknown>,
  read: (target: Node) => ExpressionValue,
  fields: readonly FormLogicField[],
  options: FormEvaluationOptions,
): Record<string, unknown> {
  const model = formModel(fields);
  const inTarget = new Set(nodes);
  for (const node of nodes) {
    const parsed = node.expressions.defaultValue;
    if (!parsed?.ok || target[node.field.id] !== undefined) continue;
    const value = evaluateExpression(parsed.expression, {
      field: (name) => {
        const referenced = model.byName(name);
        if (!referenced) return null;
        return inTarget.has(referenced)
          ? answerValue(referenced.field.fieldType, target[referenced.field.id])
          : read(referenced);
      },
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.utcOffsetMinutes === undefined ? {} : { utcOffsetMinutes: options.utcOffsetMinutes }),
    });
    const answer = defaultAnswer(node.field, value);
    if (answer !== undefined) target[node.field.id] = answer;
  }
  return target;
}

/** A repeat entry as the collector adds it: its children's defaults, which may read the record's answers. */
export function newRepeatEntry(
  fields: readonly FormLogicField[],
  repeatId: string,
  answers: Record<string, unknown>,
  options: FormEvaluationOptions = {},
): Record<string, unknown> {
  const repeat = formModel(fields).fields.find((node) => node.field.id === repeatId);
  if (!repeat) return {};
  return fillDefaults(
    repeat.children,
    {},
    (node) => (node.repeat ? null : answerValue(node.field.fieldType, answers[node.field.id])),
    fields,
    options,
  );
}

/**
 * A new record's answers: every default of the fields outside repeats, and each repeat with its minimum count of
 * entries (each with its own defaults).
 */
export function initialAnswers(
  fields: readonly FormLogicField[],
  options: FormEvaluationOptions = {},
): Record<string, unknown> {
  const model = formModel(fields);
  const answers = fillDefaults(
    model.fields.filter((node) => !node.repeat),
    {},
    () => null,
    fields,
    options,
  );
  for (const node of model.fields) {
    if (node.field.fieldType !== "repeat") continue;
    const count = node.field.config.minCount ?? 0;
    if (count > 0)
      answers[node.field.id] = Array.from({ length: count }, () =>
        newRepeatEntry(fields, node.field.id, answers, options),
      );
  }
  return answers;
}
