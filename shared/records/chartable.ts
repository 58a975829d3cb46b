/**
 * What the charts tab can draw: choice, yes/no and number answers — at the top level (one value per record) or
 * inside a repeat (one value per entry, over every entry of the matching records) — and each repeat itself, as its
 * entries per record (a number per record: count, min, max, average, sum = all entries, histogram).
 */
import type { RecordField } from "./answer-format.ts";
import { recordLayout } from "./record-layout.ts";

const CHARTED_ANSWERS = new Set(["single_choice", "multiple_choice", "yes_no", "number"]);

export interface ChartableField {
  field: RecordField;
  /** The repeat whose entries hold the field's answers; null at the top level (and for a repeat itself). */
  repeat: RecordField | null;
}

/** In form order, each repeat followed by its chartable fields. */
export function chartableFields(fields: readonly RecordField[]): ChartableField[] {
  const { answered, repeats } = recordLayout(fields);
  const children = new Map(repeats.map(({ repeat, children: of }) => [repeat, of]));
  return answered.flatMap((field): ChartableField[] => {
    if (field.fieldType === "repeat") {
      const inside = (children.get(field) ?? []).filter((child) => CHARTED_ANSWERS.has(child.fieldType));
      return [{ field, repeat: null }, ...inside.map((child) => ({ field: child, repeat: field }))];
    }
    return CHARTED_ANSWERS.has(field.fieldType) ? [{ field, repeat: null }] : [];
  });
}

/** Numbers and repeats (entries per record) chart as statistics and a histogram; the rest as counts per value. */
export function chartsAsNumbers(field: Pick<RecordField, "fieldType">): boolean {
  return field.fieldType === "number" || field.fieldType === "repeat";
}
