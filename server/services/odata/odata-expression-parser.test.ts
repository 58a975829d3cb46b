import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-error.ts";
import {
  EXPRESSION_MAX_DEPTH,
  EXPRESSION_MAX_LENGTH,
  EXPRESSION_MAX_NODES,
  ExpressionParser,
  type Syntax,
} from "./odata-expression-parser.ts";

const parse = (text: string) => ExpressionParser.parse(text, "$filter");

function refusal(text: string): { code: string; message: string } | undefined {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, message: error.message };
    throw error;
  }
  return undefined;
}

/** The tree as compact text: (operator left right), calls as name(args), literals with their type. */
function show(syntax: Syntax): string {
  switch (syntax.kind) {
    case "literal":
      return `${syntax.type}:${syntax.text}`;
    case "member":
      return syntax.name;
    case "call":
      return `${syntax.name}(${syntax.args.map(show).join(",")})`;
    case "not":
      return `(not ${show(syntax.operand)})`;
    case "binary":
      return `(${syntax.operator} ${show(syntax.left)} ${show(syntax.right)})`;
  }
}

describe("the $filter grammar", () => {
  it("binds not, then comparisons, then and, then or; parentheses regroup", () => {
    expect(show(parse("a eq 1 or b eq 2 and not c"))).toBe("(or (eq a number:1) (and (eq b number:2) (not c)))");
    expect(show(parse("(a eq 1 or b eq 2) and c"))).toBe("(and (or (eq a number:1) (eq b number:2)) c)");
    expect(show(parse("not (a lt 1)"))).toBe("(not (lt a number:1))");
    expect(show(parse("a ge 1 and b le 2 and c ne 3"))).toBe(
      "(and (and (ge a number:1) (le b number:2)) (ne c number:3))",
    );
  });

  it("reads every literal OData writes", () => {
    expect(show(parse("x eq 'Ana O''Neil'"))).toBe("(eq x string:Ana O'Neil)");
    expect(show(parse("x eq ''"))).toBe("(eq x string:)");
    expect(show(parse("x eq -12.5e-3"))).toBe("(eq x number:-12.5e-3)");
    expect(show(parse("x eq TRUE or x eq false"))).toBe("(or (eq x boolean:true) (eq x boolean:false))");
    expect(show(parse("x eq null"))).toBe("(eq x null:null)");
    expect(show(parse("x ge 2026-05-01"))).toBe("(ge x date:2026-05-01)");
    expect(show(parse("x ge 2026-05-01T10:00:00.1234567-03:00"))).toBe(
      "(ge x instant:2026-05-01T10:00:00.1234567-03:00)",
    );
    expect(show(parse("x lt 2026-05-01T10:00Z"))).toBe("(lt x instant:2026-05-01T10:00Z)");
    expect(show(parse("x eq 8b0c3f4e-7a5b-4c1d-9e2f-0a1b2c3d4e5f"))).toBe(
      "(eq x guid:8b0c3f4e-7a5b-4c1d-9e2f-0a1b2c3d4e5f)",
    );
  });

  it("reads function calls with any number of arguments, names in any case", () => {
    expect(show(parse("contains(tolower(nome),'ana')"))).toBe("contains(tolower(nome),string:ana)");
    expect(show(parse("year(__createdAt) eq 2026 and now() gt x"))).toBe(
      "(and (eq year(__createdAt) number:2026) (gt now() x))",
    );
    expect(show(parse("StartsWith( nome , 'A' )"))).toBe("startswith(nome,string:A)");
    expect(show(parse("substring(nome,1,2) eq 'na'"))).toBe("(eq substring(nome,number:1,number:2) string:na)");
  });

  it("answers 400 to what is not OData", () => {
    for (const bad of [
      "",
      "   ",
      "and",
      "a eq",
      "a eq 1 and",
      "(a eq 1",
      "a eq 1)",
      "a eq 'unterminated",
      "a eq 1 eq 2",
      "a eq b c",
      "a # 1",
      "contains(a,'b'",
      "a eq INF",
      "f(,)",
    ]) {
      expect(refusal(bad)?.code, bad).toBe("VALIDATION_FAILED");
    }
  });

  it("answers 501 naming what OData has and the feed does not do", () => {
    const cases: [string, RegExp][] = [
      ["a add 1 eq 2", /Arithmetic \(add\)/],
      ["a mul 2 gt 1", /Arithmetic \(mul\)/],
      ["a has 'x'", /has operator/],
      ["a in ('x','y')", /in operator/],
      ["itens/any(i: i/n gt 1)", /Lambda operators \(any\)/],
      ["itens/all(i: i/n gt 1)", /Lambda operators \(all\)/],
      ["endereco/rua eq 'x'", /Property paths/],
      ["a eq @p", /@p/],
      ["$it/a eq 1", /\$it/],
      ["a eq duration'P1D'", /duration'…' literals/],
      ["a eq 10:30:00", /Time-of-day literals/],
    ];
    for (const [text, message] of cases) {
      const result = refusal(text);
      expect(result?.code, text).toBe("NOT_IMPLEMENTED");
      expect(result?.message, text).toMatch(message);
    }
  });

  it("bounds length, nesting and size so hostile input is a quick 400, never a stack overflow", () => {
    expect(refusal(`a eq '${"x".repeat(EXPRESSION_MAX_LENGTH)}'`)?.message).toMatch(/longer than/);
    expect(refusal(`${"(".repeat(EXPRESSION_MAX_DEPTH + 1)}a${")".repeat(EXPRESSION_MAX_DEPTH + 1)}`)?.message).toMatch(
      /nests deeper/,
    );
    expect(refusal(`${"not ".repeat(EXPRESSION_MAX_DEPTH + 1)}a`)?.message).toMatch(/nests deeper/);
    expect(
      refusal(`${"tolower(".repeat(EXPRESSION_MAX_DEPTH + 1)}a${")".repeat(EXPRESSION_MAX_DEPTH + 1)}`)?.message,
    ).toMatch(/nests deeper/);
    const terms = (count: number) => Array.from({ length: count }, () => "a").join(" or ");
    expect(terms(EXPRESSION_MAX_NODES).length).toBeLessThan(EXPRESSION_MAX_LENGTH);
    expect(refusal(terms(EXPRESSION_MAX_NODES))?.message).toMatch(/more than 400 terms/);
    expect(refusal(terms(EXPRESSION_MAX_NODES / 4))).toBeUndefined();
  });
});
