import type { FormLogicField } from "../fields/field-config.ts";
import { answerKey, repeatEntries, type EntryStep } from "./evaluate-form.ts";
import { formModel } from "./form-model.ts";

export interface AnswerSlot {
  field: FormLogicField;
  /** Where the answer sits, as record errors are keyed (see `answerKey`). */
  key: string;
  value: unknown;
}

/**
 * Every answer a record holds for fields outside repeats and in each entry of each repeat, at any depth (sections
 * are transparent), in form order: for walking a stored record's answers, e.g. its media.
 */
export function answerSlots(fields: readonly FormLogicField[], answers: Record<string, unknown>): AnswerSlot[] {
  const model = formModel(fields);
  const slots: AnswerSlot[] = [];
  const visit = (holder: Record<string, unknown>, repeat: (typeof model.fields)[number] | null, path: EntryStep[]) => {
    for (const node of model.fields) {
      if (node.repeat !== repeat || !(node.field.id in holder)) continue;
      const value = holder[node.field.id];
      slots.push({ field: node.field, key: answerKey(node.field.id, path), value });
      if (node.field.fieldType !== "repeat") continue;
      repeatEntries(holder, node.field.id).forEach((entry, index) =>
        visit(entry, node, [...path, { repeatId: node.field.id, index }]),
      );
    }
  };
  visit(answers, null, []);
  return slots;
}
