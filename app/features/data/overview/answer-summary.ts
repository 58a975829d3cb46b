import type { RecordField } from "../../../../shared/records/answer-format.ts";
import { recordLayout } from "../../../../shared/records/record-layout.ts";

/** Answers a one-line summary leaves to the record's own page: media, places and repeat tables. */
const NOT_SUMMED = new Set(["photo", "signature", "audio", "video", "file", "gps", "repeat"]);

export interface SummaryPart {
  label: string;
  value: string;
}

/**
 * A record's first answers as "Label: value" pairs for a list that mixes forms, in form order (removed fields last),
 * formatted in the reader's language; empty answers, media, places and repeats are left to the record's page.
 */
export function answerSummary(
  answers: Record<string, unknown>,
  fields: readonly RecordField[],
  format: (field: RecordField, value: unknown) => string,
  count = 3,
): SummaryPart[] {
  const parts: SummaryPart[] = [];
  for (const field of recordLayout(fields).answered) {
    if (parts.length >= count) break;
    if (NOT_SUMMED.has(field.fieldType)) continue;
    const value = format(field, answers[field.id]).trim();
    if (value) parts.push({ label: field.label.trim() || field.name, value });
  }
  return parts;
}
