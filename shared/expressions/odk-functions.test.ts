import { describe, expect, it } from "vitest";
import { evaluateExpression, parseExpression, type ExpressionValue } from "./index.ts";

const START = new Date("2026-03-01T10:00:00Z");

function run(source: string, values: Record<string, ExpressionValue> = {}, now = START): ExpressionValue {
  const parsed = parseExpression(source);
  if (!parsed.ok) throw new Error(`${source}: ${JSON.stringify(parsed.error)}`);
  return evaluateExpression(parsed.expression, { field: (name) => values[name] ?? null, now });
}

describe("ODK's once(), random(), join() and date()", () => {
  it("joins a repeat's or a multiple choice's answers, skipping blanks", () => {
    expect(run("join(', ', ${names})", { names: ["Ana", "", "Rui"] })).toBe("Ana, Rui");
    expect(run("join(' ', ${names})", { names: [] })).toBe("");
  });

  it("reads a date from a date text or a number of days since 1970", () => {
    expect(run("date('2026-02-03')")).toBe("2026-02-03");
    expect(run("date('2026-02-03T10:11:12Z')")).toBe("2026-02-03");
    expect(run("date(${day}) = date(today())", { day: "2026-03-01" })).toBe(true);
    expect(run("date(0)")).toBe("1970-01-01");
    expect(run("date(20000)")).toBe("2024-10-04");
    expect(run("date('soon')")).toBeNull();
  });

  it("draws random() from the record's start instant: the same on the phone and the server", () => {
    const draw = run("once(random())");
    expect(typeof draw).toBe("number");
    expect(draw).toBeGreaterThanOrEqual(0);
    expect(draw).toBeLessThan(1);
    expect(run("random()")).toBe(draw);
    expect(run("random()", {}, new Date("2026-03-01T10:00:01Z"))).not.toBe(draw);
  });

  it("reads once(x) as x", () => {
    expect(run("once(${a} + 1)", { a: 2 })).toBe(3);
  });
});
