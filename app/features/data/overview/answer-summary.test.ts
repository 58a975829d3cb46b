import { describe, expect, it } from "vitest";
import { answerSummary } from "./answer-summary.ts";

describe("answerSummary", () => {
  it("joins the first three readable answers and skips media and empty text", () => {
    const answers = { a: "  ", b: { attachmentId: "x" }, c: "Rio", d: 4.5, e: true, f: ["A", "B"], g: "late" };
    expect(answerSummary(answers, { yes: "Sim", no: "Não" })).toBe("Rio · 4.5 · Sim");
    expect(answerSummary({ f: ["A", "B"] }, { yes: "Sim", no: "Não" })).toBe("A, B");
    expect(answerSummary({}, { yes: "Sim", no: "Não" })).toBe("");
  });
});
