import { describe, expect, it } from "vitest";
import { campoToXpath, xpathToCampo, type ExpressionContext } from "./expression-translation.ts";

const IMPORT: ExpressionContext = {
  fields: new Map([
    ["age", { kind: "other", options: new Map() }],
    ["name", { kind: "other", options: new Map() }],
    [
      "crop",
      {
        kind: "choice",
        options: new Map([
          ["maize", "Milho"],
          ["beans", "Feijão"],
        ]),
      },
    ],
    ["consent", { kind: "yes_no", options: new Map() }],
    ["trees", { kind: "other", options: new Map() }],
  ]),
  self: "crop",
};
const EXPORT: ExpressionContext = {
  fields: new Map(
    [...IMPORT.fields].map(([name, field]) => [
      name,
      { ...field, options: new Map([...field.options].map(([a, b]) => [b, a])) },
    ]),
  ),
  self: "crop",
};

describe("XPath → Campo", () => {
  it.each([
    ["${age} >= 18 and ${age} < 65", "${age} >= 18 and ${age} < 65"],
    [". > 0 or not(${age} = 3)", ". > 0 or not(${age} = 3)"],
    ["${age} div 2 + ${age} mod 3 * 4 - 1", "${age} / 2 + ${age} mod 3 * 4 - 1"],
    ["count-selected(${crop}) > 1", "count_selected(${crop}) > 1"],
    ["selected-at(${crop}, 0) = 'maize'", "selected_at(${crop}, 0) = 'maize'"],
    ["normalize-space(${name}) != ''", "normalize_space(${name}) != ''"],
    ["concat(device-info(), ' ', duration())", "concat(device_info(), ' ', duration())"],
    ["string-length(${name}) <= 10", "string_length(${name}) <= 10"],
    ["if(${age} > 1, concat('a', ${name}), \"b\")", "if(${age} > 1, concat('a', ${name}), \"b\")"],
    ["today() and now()", "today() and now()"],
    ["regex(${name}, '^[A-Z]+$')", "regex(${name}, '^[A-Z]+$')"],
    [
      "round(${age}, 2) + sum(${trees}) + count(${trees}) + number('3')",
      "round(${age}, 2) + sum(${trees}) + count(${trees}) + number('3')",
    ],
    ["coalesce(${name}, 'x')", "coalesce(${name}, 'x')"],
    ["true() and false( )", "true and false"],
    // After an operand, `and`, `or`, `mod` and `div` are operators even when a parenthesis follows.
    ["(${age} > 1) or (${age} < 0 and(${name} = 'a'))", "(${age} > 1) or (${age} < 0 and(${name} = 'a'))"],
    ["${age} mod (2) + today() div (${age})", "${age} mod (2) + today() / (${age})"],
    // SurveyCTO: `index()` is the repeat entry's number; `null` a blank answer. ODK's once/random/join/date.
    ["index() + 1", "position(..) + 1"],
    // An Excel boolean cell.
    ["FALSE", "false"],
    [" TRUE ", "true"],
    ["${name} = null and . != null", "${name} = '' and . != ''"],
    [
      "once(random()) + string-length(join(' ', ${trees})) + date(today())",
      "once(random()) + string_length(join(' ', ${trees})) + date(today())",
    ],
  ])("%s", (xpath, campo) => {
    expect(xpathToCampo(xpath, IMPORT)).toEqual({ ok: true, text: campo });
  });

  it("turns option names into labels where an answer is compared or selected", () => {
    expect(
      xpathToCampo("${crop} = 'maize' or 'beans' != ${crop} or selected(${crop}, 'beans') or . = 'maize'", IMPORT),
    ).toEqual({
      ok: true,
      text: "${crop} = 'Milho' or 'Feijão' != ${crop} or selected(${crop}, 'Feijão') or . = 'Milho'",
    });
  });

  it("turns yes/no and acknowledge answers into true and false", () => {
    expect(xpathToCampo("${consent} = 'yes' or ${consent} = 'OK' or ${consent} != 'no'", IMPORT)).toEqual({
      ok: true,
      text: "${consent} = true or ${consent} = true or ${consent} != false",
    });
  });

  it.each([
    ["${missing} > 1", { key: "unknownField", params: { name: "missing" } }],
    ["${crop} = 'rice'", { key: "unknownOption", params: { option: "rice" } }],
    ["jr:itext('x')", { key: "unsupportedFunction", params: { name: "jr:itext" } }],
    ["or(${age} > 1)", { key: "unsupportedFunction", params: { name: "or" } }],
    ["jr:choice-name(${crop}, '${crop}')", { key: "unsupportedFunction", params: { name: "jr:choice-name" } }],
    ["/data/age > 1", { key: "unsupportedPath", params: { text: "/" } }],
    ["../age > 1", { key: "unsupportedPath", params: { text: ".." } }],
    ["age > 1", { key: "unsupportedPath", params: { text: "age" } }],
    ["${age} | ${name}", { key: "unsupportedOperator", params: { text: "|" } }],
    ["${age} # 1", { key: "unexpectedCharacter", params: { text: "#" } }],
  ])("reports %s", (xpath, issue) => {
    expect(xpathToCampo(xpath, IMPORT)).toEqual({ ok: false, issues: expect.arrayContaining([issue]) as unknown });
  });
});

describe("XPath's numbers and typographic quotes", () => {
  it.each([
    ["round(15 div (sqrt(cos(atan(${age} div 100)))),2)", "round(15 / (sqrt(cos(atan(${age} / 100)))),2)"],
    [
      "abs(int(${age})) + floor(1.5) + ceiling(1.5) + pow(2, 3) mod (4) + exp(1) + exp10(2)",
      "abs(int(${age})) + floor(1.5) + ceiling(1.5) + pow(2, 3) mod (4) + exp(1) + exp10(2)",
    ],
    [
      "log(2) + log10(2) + sin(1) + cos(1) + tan(1) + asin(1) + acos(1) + atan(1) + atan2(1, 2) + pi()",
      "log(2) + log10(2) + sin(1) + cos(1) + tan(1) + asin(1) + acos(1) + atan(1) + atan2(1, 2) + pi()",
    ],
    [
      "${crop} = ‘maize’ or ${crop}=’beans' or ${name} != “Mary’s”",
      "${crop} = 'Milho' or ${crop}='Feijão' or ${name} != 'Mary’s'",
    ],
    ["${consent} = ’yes’", "${consent} = true"],
    ["${crop} = ’’ and ${crop} !=’'", "${crop} = '' and ${crop} !=''"],
  ])("imports %s", (xpath, campo) => {
    expect(xpathToCampo(xpath, IMPORT)).toEqual({ ok: true, text: campo });
  });

  it.each([
    ["sqrt(${age}) div pi() + ${age} mod 2", "sqrt(${age}) div pi() + ${age} mod 2"],
    ["${age} div 2", "${age} div 2"],
    ["${crop} = ‘Milho’ and ${name} != “x”", "${crop} = 'maize' and ${name} != 'x'"],
  ])("exports %s with straight quotes", (campo, xpath) => {
    expect(campoToXpath(campo, EXPORT)).toBe(xpath);
  });
});

describe("Campo → XPath", () => {
  it.each([
    ["${age} / 2 == 1", "${age} div 2 = 1"],
    ["${age}/2", "${age} div 2"],
    ["count_selected(${crop}) + string_length(${name})", "count-selected(${crop}) + string-length(${name})"],
    ["selected_at(${crop}, 1)", "selected-at(${crop}, 1)"],
    ["normalize_space(${name})", "normalize-space(${name})"],
    ["${crop} = 'Milho' and selected(${crop}, 'Feijão')", "${crop} = 'maize' and selected(${crop}, 'beans')"],
    ["${consent} = true or ${consent} != false", "${consent} = 'yes' or ${consent} != 'no'"],
    ["if(true, 1, 2)", "if(true(), 1, 2)"],
    ["concat(device_info(), duration())", "concat(device-info(), duration())"],
  ])("%s", (campo, xpath) => {
    expect(campoToXpath(campo, EXPORT)).toBe(xpath);
  });

  it("keeps an operator before a parenthesis an operator", () => {
    expect(campoToXpath("${age} > 1 or (${age} / (2) = 0)", EXPORT)).toBe("${age} > 1 or (${age} div (2) = 0)");
  });

  it("comes back as the same text", () => {
    const campo = "${crop} = 'Milho' and not(${consent} = false) or count_selected(${crop}) >= ${age} / 3";
    expect(xpathToCampo(campoToXpath(campo, EXPORT), IMPORT)).toEqual({ ok: true, text: campo });
  });
});
