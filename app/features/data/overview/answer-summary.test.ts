import { describe, expect, it } from "vitest";
import type { RecordField } from "../../../../shared/records/answer-format.ts";
import { answerSummary } from "./answer-summary.ts";

function field(id: string, fieldType: string, label: string, removed = false): RecordField {
  return { id, label, name: `campo_${id}`, parentName: null, fieldType, config: {}, removed };
}

const FIELDS = [
  field("a", "text", "Nome"),
  field("b", "photo", "Foto"),
  field("c", "number", "Altura"),
  field("d", "text", ""),
  field("e", "yes_no", "Saudável?"),
  field("f", "text", "Nota"),
];
const format = (_: RecordField, value: unknown) =>
  value === undefined ? "" : typeof value === "boolean" ? (value ? "Sim" : "Não") : String(value);

describe("answerSummary", () => {
  it("pairs the first answers with their labels in form order, skipping media and empty answers", () => {
    const answers = { f: "tarde", e: true, c: 12.5, b: { attachmentId: "x" }, a: "  " };
    expect(answerSummary(answers, FIELDS, format)).toEqual([
      { label: "Altura", value: "12.5" },
      { label: "Saudável?", value: "Sim" },
      { label: "Nota", value: "tarde" },
    ]);
  });

  it("names a field without a label by its name, and stops at the count", () => {
    expect(answerSummary({ d: "x", a: "Ana" }, FIELDS, format, 2)).toEqual([
      { label: "Nome", value: "Ana" },
      { label: "campo_d", value: "x" },
    ]);
    expect(answerSummary({}, FIELDS, format)).toEqual([]);
  });
});
