import { evaluateExpression, type ExpressionValue } from "../expressions/index.ts";
import type { FormLogicField } from "../fields/field-config.ts";
import { answerValue, defaultAnswer } from "./answer-values.ts";
import { repeatEntries, type FormEvaluationOptions, type Instance } from "./evaluate-form.ts";
import { formModel, type FormModel, type ModelField } from "./form-model.ts";

type Node = ModelField<FormLogicField>;

/**
 * `${last-saved#name}`: the field's answer in the device's last saved record of the form. Answers inside repeat
 * entries have no one place in another record, so they read empty.
 */
function lastSavedValue(
  model: FormModel<FormLogicField>,
  name: string,
  lastSaved: Record<string, unknown> | undefined,
): ExpressionValue {
  const field = model.byName(name);
  if (!field || !lastSaved || field.repeats.length > 0) return null;
  return answerValue(field.field.fieldType, lastSaved[field.field.id]);
}

/**
 * Fills the defaults of one level into the last object of `chain` (the record, then the entry of each repeat down to
 * `repeat`), in form order, so a default can read answers and defaults before it and those of the entries around
 * it. Repeats of the level get their minimum number of entries, each filled the same way.
 */
function fillLevel(
  model: FormModel<FormLogicField>,
  repeat: Node | null,
  chain: readonly Record<string, unknown>[],
  options: FormEvaluationOptions,
): void {
  const target = chain.at(-1);
  if (!target) return;
  const around = repeat === null ? [] : [...repeat.repeats, repeat];
  const read = (name: string): ExpressionValue => {
    const referenced = model.byName(name);
    if (!referenced || referenced.repeats.some((outer, level) => around[level] !== outer)) return null;
    return answerValue(referenced.field.fieldType, chain[referenced.repeats.length]?.[referenced.field.id]);
  };
  const members = model.fields.filter((node) => node.repeat === repeat);
  for (const node of members) {
    const parsed = node.expressions.defaultValue;
    if (!parsed?.ok || target[node.field.id] !== undefined) continue;
    const value = evaluateExpression(parsed.expression, {
      field: read,
      lastSaved: (name) => lastSavedValue(model, name, options.lastSaved),
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.utcOffsetMinutes === undefined ? {} : { utcOffsetMinutes: options.utcOffsetMinutes }),
    });
    const answer = defaultAnswer(node.field, value);
    if (answer !== undefined) target[node.field.id] = answer;
  }
  for (const node of members) {
    if (node.field.fieldType !== "repeat" || target[node.field.id] !== undefined) continue;
    const count = node.field.config.minCount ?? 0;
    if (count > 0)
      target[node.field.id] = Array.from({ length: count }, () => {
        const entry: Record<string, unknown> = {};
        fillLevel(model, node, [...chain, entry], options);
        return entry;
      });
  }
}

/**
 * A repeat entry as the collector adds it: its fields' defaults (which may read the record's answers and those of
 * the entries around it, which `outer` names for a repeat inside repeats) and its own repeats' minimum entries.
 */
export function newRepeatEntry(
  fields: readonly FormLogicField[],
  repeatId: string,
  answers: Record<string, unknown>,
  options: FormEvaluationOptions = {},
  outer: Instance = [],
): Record<string, unknown> {
  const model = formModel(fields);
  const repeat = model.fields.find((node) => node.field.id === repeatId);
  if (!repeat) return {};
  const chain: Record<string, unknown>[] = [answers];
  repeat.repeats.forEach((around, level) => {
    chain.push(repeatEntries(chain[level] ?? {}, around.field.id)[outer[level] ?? -1] ?? {});
  });
  const entry: Record<string, unknown> = {};
  fillLevel(model, repeat, [...chain, entry], options);
  return entry;
}

/**
 * A new record's answers: every default of the fields outside repeats, and each repeat with its minimum count of
 * entries (each with its own defaults and minimum entries of its own repeats).
 */
export function initialAnswers(
  fields: readonly FormLogicField[],
  options: FormEvaluationOptions = {},
): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  fillLevel(formModel(fields), null, [answers], options);
  return answers;
}
