import { describe, expect, it } from "vitest";
import { form, type Spec } from "../forms/test-form.ts";
import { analyzeForm, validateRecord, type DraftLogicField } from "../forms/index.ts";
import { parseExpression, evaluateExpression, type ExpressionValue } from "../expressions/index.ts";
import { northLine, squareArea } from "./test-shapes.ts";

const NOW = { now: new Date("2026-05-01T12:00:00Z"), utcOffsetMinutes: 0 };

function run(source: string, values: Record<string, ExpressionValue>) {
  const parsed = parseExpression(source);
  if (!parsed.ok) throw new Error(source);
  return evaluateExpression(parsed.expression, { field: (name) => values[name] ?? null, ...NOW });
}

describe("geometry functions in expressions", () => {
  const fazenda = squareArea(100, -30, -47);
  const fields = form(
    { name: "fazenda", fieldType: "area" },
    { name: "trilha", fieldType: "line" },
    { name: "ponto", fieldType: "gps", config: { constraint: "inside(., ${fazenda})" } },
    { name: "hectares", fieldType: "calculation", config: { calculation: "round(area(${fazenda}) / 10000, 2)" } },
    { name: "metros", fieldType: "calculation", config: { calculation: "round(distance(${trilha}))" } },
  );

  it("computes area() in m² and distance() in m of the answers, as ODK does", () => {
    const result = validateRecord(fields, { fazenda, trilha: northLine(850, -30, -47, 5) }, NOW);
    expect(result.answers).toMatchObject({ hectares: 1, metros: 850 });
  });

  it("checks a location against an area with inside() in a constraint", () => {
    const corner = fazenda.coordinates[0][0] as [number, number];
    const inside = { latitude: corner[1] + 0.0002, longitude: corner[0] + 0.0002 };
    const outside = { latitude: corner[1] - 0.01, longitude: corner[0] };
    expect(validateRecord(fields, { fazenda, ponto: inside }, NOW).fieldErrors).toEqual({});
    expect(validateRecord(fields, { fazenda, ponto: outside }, NOW).fieldErrors).toEqual({
      ponto: { key: "constraintFailed" },
    });
  });

  it("reads ODK text and lists of locations, and gives empty for what is no location", () => {
    expect(run("distance('0 0;0 1')", {})).toBeCloseTo(111_195, -1);
    expect(run("distance(${p})", { p: ["0 0", "0 1", "1 1"] })).toBeCloseTo(222_373, -2);
    expect(run("distance(${a}, ${b})", { a: "0 0", b: "1 0" })).toBeCloseTo(111_195, -1);
    // ODK's geoshape text repeats the first point; an open one is closed for area().
    expect(run("area('0 0;0 0.001;0.001 0.001;0.001 0')", {})).toBeCloseTo(
      run("area('0 0;0 0.001;0.001 0.001;0.001 0;0 0')", {}) as number,
      6,
    );
    expect(run("area(${x})", { x: "texto" })).toBeNull();
    expect(run("distance('0 0')", {})).toBeNull();
    expect(run("inside('0.0005 0.0005', '0 0;0 0.001;0.001 0.001;0.001 0')", {})).toBe(true);
    expect(run("inside('', '0 0;0 0.001;0.001 0.001')", {})).toBe(false);
  });

  it("refuses fields of the wrong kind as arguments", () => {
    const draft = (...specs: Spec[]): DraftLogicField[] => form(...specs).map(({ id: _id, ...field }) => field);
    const issues = analyzeForm(
      draft(
        { name: "idade", fieldType: "number" },
        { name: "trilha", fieldType: "line" },
        { name: "fazenda", fieldType: "area" },
        { name: "ponto", fieldType: "gps", config: { constraint: "inside(., ${trilha})" } },
        { name: "a", fieldType: "calculation", config: { calculation: "area(${idade})" } },
        { name: "b", fieldType: "calculation", config: { calculation: "area(${fazenda}) + distance(${trilha})" } },
        { name: "c", fieldType: "calculation", config: { calculation: "inside(${ponto}, ${fazenda})" } },
      ),
    );
    expect(issues.map((issue) => [issue.fieldName, issue.property, issue.error.key])).toEqual([
      ["ponto", "constraint", "typeMismatch"],
      ["a", "calculation", "typeMismatch"],
    ]);
  });
});
