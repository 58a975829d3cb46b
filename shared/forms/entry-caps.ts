import { REPEAT_COUNT_MAX, type FormLogicField } from "../fields/field-config.ts";
import type { FieldError } from "../fields/field-errors.ts";
import { answerKey, repeatEntries, type EntryStep } from "./evaluate-form.ts";
import type { ModelField } from "./form-model.ts";

/** Repeat entries one record may hold at every level together (a household of 50 members with 40 visits each). */
export const RECORD_ENTRIES_MAX = 2000;

type Node = ModelField<FormLogicField>;

/**
 * The first repeat, in form order and depth first, whose entries pass the caps: REPEAT_COUNT_MAX in one list, or
 * RECORD_ENTRIES_MAX over the record. Checked before any logic runs, so an oversized record costs only this walk.
 */
export function entryCapError(
  repeats: readonly Node[],
  answers: Record<string, unknown>,
): { key: string; error: FieldError } | null {
  let total = 0;
  type Found = { key: string; error: FieldError } | null;
  const visit = (holder: Record<string, unknown>, outer: Node | null, path: EntryStep[]): Found => {
    for (const repeat of repeats) {
      if (repeat.repeat !== outer) continue;
      const entries = repeatEntries(holder, repeat.field.id);
      const key = answerKey(repeat.field.id, path);
      total += entries.length;
      if (entries.length > REPEAT_COUNT_MAX) return { key, error: repeatTooLong() };
      if (total > RECORD_ENTRIES_MAX) return { key, error: recordTooLong() };
      for (const [index, entry] of entries.entries()) {
        const found = visit(entry, repeat, [...path, { repeatId: repeat.field.id, index }]);
        if (found) return found;
      }
    }
    return null;
  };
  return visit(answers, null, []);
}

function repeatTooLong(): FieldError {
  return { key: "repeatMaxCount", params: { max: REPEAT_COUNT_MAX } };
}

function recordTooLong(): FieldError {
  return { key: "tooManyEntries", params: { max: RECORD_ENTRIES_MAX } };
}
