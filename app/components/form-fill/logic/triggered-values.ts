import { isTriggered } from "../../../../shared/fields/trigger-config.ts";
import { triggeredAnswers } from "../../../../shared/forms/triggers.ts";
import type { FormShape } from "./form-structure.ts";
import { parseAnswerPath } from "./form-view.ts";
import { buildAnswers, formValueOf, withValueAt, type FormValues } from "./form-values.ts";

/**
 * The values after the answer at `path` changed, with what its triggers set (shared/forms/triggers.ts). A value set
 * so is a change too: the fields it triggers follow, each answer at most once per change (a loop stops there).
 */
export function withTriggeredValues(shape: FormShape, values: FormValues, path: string, now: Date): FormValues {
  if (!shape.fields.some(isTriggered)) return values;
  const byId = new Map(shape.fields.map((field) => [field.id, field]));
  const options = { now, ...(shape.tables ? { tables: shape.tables } : {}) };
  const pending = [path];
  const done = new Set<string>();
  let settled = values;
  for (let changed = pending.shift(); changed !== undefined; changed = pending.shift()) {
    const address = parseAnswerPath(changed);
    if (!address || done.has(changed)) continue;
    done.add(changed);
    const instance = address.steps.map((step) => step.index);
    const answers = buildAnswers(shape, settled);
    for (const set of triggeredAnswers(shape.fields, answers, { fieldId: address.fieldId, instance }, options)) {
      const field = byId.get(set.fieldId);
      if (!field || done.has(set.key)) continue;
      settled = withValueAt(settled, set.key, formValueOf(field, set.answer) ?? null);
      pending.push(set.key);
    }
  }
  return settled;
}
