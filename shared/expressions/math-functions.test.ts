import { describe, expect, it } from "vitest";
import { checkExpression, parseExpression } from "./index.ts";
import { evaluateSource as run } from "./test-evaluate.ts";

describe("XPath's numeric functions and operators", () => {
  it.each([
    ["7 div 2", 3.5],
    ["15 div (1 + 2)", 5],
    ["7 div 0", null],
    ["7 mod 3", 1],
    ["-7 mod 3", -1],
    ["7.5 mod 2", 1.5],
    ["abs(-2.5)", 2.5],
    ["int(-2.7)", -2],
    ["int('3.9')", 3],
    ["floor(-2.5)", -3],
    ["ceiling(2.1)", 3],
    ["sqrt(16)", 4],
    ["sqrt(-1)", null],
    ["pow(2, 10)", 1024],
    ["pow(0, -1)", null],
    ["exp(0)", 1],
    ["round(exp(1), 5)", 2.71828],
    ["exp10(3)", 1000],
    ["log(1)", 0],
    ["log(0)", null],
    ["log(-1)", null],
    ["log10(1000)", 3],
    ["round(pi(), 4)", 3.1416],
    ["sin(0)", 0],
    ["round(sin(pi() div 2), 6)", 1],
    ["cos(0)", 1],
    ["round(tan(pi() div 4), 6)", 1],
    ["round(asin(1), 4)", 1.5708],
    ["asin(2)", null],
    ["acos(1)", 0],
    ["round(atan(1), 4)", 0.7854],
    ["round(atan2(1, 1), 4)", 0.7854],
    ["atan2(0, -1) = pi()", true],
    ["sqrt(${none})", null],
    ["pow(${none}, 2)", null],
    ["sqrt('x')", null],
    ["round(15 div (sqrt(cos(atan(${slope} div 100)))), 2)", 15.23],
  ] as const)("%s = %j", (source, expected) => {
    expect(run(source, { slope: 25 })).toBe(expected);
  });

  it("types them as numbers and refuses a wrong arity or argument", () => {
    const environment = { field: (name: string) => (name === "crops" ? ("list" as const) : ("number" as const)) };
    const check = (source: string) => {
      const parsed = parseExpression(source);
      return parsed.ok ? checkExpression(parsed.expression, environment) : parsed.error;
    };
    expect(check("sqrt(${a}) + pow(${a}, 2) div pi()")).toEqual({ type: "number", errors: [] });
    expect(check("pow(2)")).toEqual(expect.objectContaining({ key: "argumentCount" }));
    expect(check("pi(1)")).toEqual(expect.objectContaining({ key: "argumentCount" }));
    expect(check("sqrt(${crops})")).toEqual(
      expect.objectContaining({ errors: [expect.objectContaining({ key: "typeMismatch" })] }),
    );
  });
});
