import { describe, expect, it } from "vitest";
import {
  checkExpression,
  EvaluationBudget,
  evaluateExpression,
  TEXT_VALUE_MAX,
  parseExpression,
  referencedNames,
  EXPRESSION_ERROR_KEYS,
  type ExpressionValue,
  type TypeEnvironment,
} from "./index.ts";
import en from "../i18n/locales/en/expressions.json";
import es from "../i18n/locales/es/expressions.json";
import ptBR from "../i18n/locales/pt-BR/expressions.json";

const NOW = new Date("2026-05-01T23:30:00.000Z");

function run(
  source: string,
  values: Record<string, ExpressionValue> = {},
  current?: ExpressionValue,
  budget?: EvaluationBudget,
) {
  const parsed = parseExpression(source);
  if (!parsed.ok) throw new Error(`${source}: ${JSON.stringify(parsed.error)}`);
  return evaluateExpression(parsed.expression, {
    field: (name) => values[name] ?? null,
    ...(current === undefined ? {} : { current }),
    ...(budget === undefined ? {} : { budget }),
    now: NOW,
    utcOffsetMinutes: -180,
  });
}

function parseError(source: string) {
  const parsed = parseExpression(source);
  return parsed.ok ? null : parsed.error;
}

describe("operators", () => {
  it.each([
    ["1 + 2 * 3", 7],
    ["(1 + 2) * 3", 9],
    ["7 - 10", -3],
    ["7 / 2", 3.5],
    ["7 mod 3", 1],
    ["-${a} + 1", -4],
    ["1 / 0", null],
    ["5 mod 0", null],
    ["${missing} + 1", null],
    ["'abc' * 2", null],
    ["'2' * 3", 6],
    ["'2026-05-03' - '2026-05-01'", 2],
  ] as const)("%s = %s", (source, expected) => {
    expect(run(source, { a: 5 })).toBe(expected);
  });

  it.each([
    ["${a} = 5", true],
    ["${a} == 5", true],
    ["${a} = '5'", true],
    ["${a} != 5", false],
    ["${empty} = ''", true],
    ["${t} = ''", false],
    ["${a} < 6 and ${a} >= 5", true],
    ["${a} > 5 or ${a} <= 4", false],
    ["'b' > 'a'", true],
    ["'2026-01-02' < '2026-01-10'", true],
    ["${empty} < 3", false],
    ["${flag} = true", true],
    ["not(${flag})", false],
    ["not(${empty})", true],
    ["${flag} and ${a}", true],
    ["${t} = 'x'", true],
  ] as const)("%s is %s", (source, expected) => {
    expect(run(source, { a: 5, flag: true, t: "x", empty: null })).toBe(expected);
  });

  it("reads `.` as the value being checked", () => {
    expect(run(". >= 0 and . < 130", {}, 40)).toBe(true);
    expect(run(". >= 0 and . < 130", {}, 140)).toBe(false);
  });
});

describe("functions", () => {
  const values = { f: ["a", "b"], s: "a b", n: 2.345, t: "ABC", list: [1, 2, null, 4], none: null };
  it.each([
    ["if(${n} > 2, 'big', 'small')", "big"],
    ["if(${none}, 1, 2)", 2],
    ["concat('a', ${n}, ${none}, ${f})", "a2.345a b"],
    ["today()", "2026-05-01"],
    ["now()", "2026-05-01T23:30:00.000Z"],
    ["selected(${f}, 'b')", true],
    ["selected(${f}, 'c')", false],
    ["selected(${s}, 'b')", true],
    ["count_selected(${f})", 2],
    ["count-selected(${f})", 2],
    ["count_selected(${none})", 0],
    ["selected-at(${f}, 1)", "b"],
    ["selected_at(${s}, 0)", "a"],
    ["selected-at(${f}, 1.9)", "b"],
    ["selected-at(${f}, 2)", ""],
    ["selected-at(${f}, -1)", ""],
    ["selected-at(${none}, 0)", ""],
    ["regex(${t}, '^[A-Z]{3}$')", true],
    ["regex(${t}, '^[a-z]+$')", false],
    ["regex(${none}, '.*')", false],
    ["regex(${t}, '(a+)+$')", false],
    ["string_length(${t})", 3],
    ["string-length(${none})", 0],
    ["string_length('ação')", 4],
    ["normalize-space('  Rua   das\tFlores  ')", "Rua das Flores"],
    ["normalize_space(${n})", "2.345"],
    ["normalize-space(${none})", ""],
    ["round(${n}, 2)", 2.35],
    ["round(${n})", 2],
    ["round(1.005, 2)", 1.01],
    ["round(${none}, 1)", null],
    ["sum(${list})", 7],
    ["sum(${none})", 0],
    ["count(${list})", 4],
    ["count(${none})", 0],
    ["number('12.5')", 12.5],
    ["number('x')", null],
    ["coalesce(${none}, 'x')", "x"],
    ["coalesce(${t}, 'x')", "ABC"],
  ] as const)("%s = %j", (source, expected) => {
    expect(run(source, values)).toEqual(expected);
  });

  it("reads a backslash in a quoted text as XLSForm authors write it", () => {
    expect(run("regex(${z}, '^\\d{5}$')", { z: "12345" })).toBe(true);
    expect(run("regex(${z}, '^\\d{5}$')", { z: "ddddd" })).toBe(false);
    expect(run("regex(${z}, '^\\\\d$')", { z: "7" })).toBe(true);
    expect(run("concat('it\\'s', \"a\\\"b\")")).toBe(`it'sa"b`);
    expect(parseError("'open")).toEqual(expect.objectContaining({ key: "syntax" }));
  });

  it("only evaluates the branch if() takes", () => {
    let reads = 0;
    const parsed = parseExpression("if(true, 1, ${x})");
    if (!parsed.ok) throw new Error("parse");
    evaluateExpression(parsed.expression, { field: () => (reads += 1) });
    expect(reads).toBe(0);
  });
});

describe("parse errors", () => {
  it.each([
    ["1 +", { key: "syntax", params: { position: 4 } }],
    ["", { key: "syntax", params: { position: 1 } }],
    ["idade > 1", { key: "unknownName", params: { name: "idade" } }],
    ["foo(1)", { key: "unknownFunction", params: { name: "foo" } }],
    ["round()", { key: "argumentCount", params: { name: "round", min: 1, max: 2 } }],
    ["if(1, 2)", { key: "argumentCount", params: { name: "if", min: 3, max: 3 } }],
    ["1 ? 2 : 3", { key: "unsupported" }],
    ["${a}.b", { key: "unsupported" }],
    ["[1, 2]", { key: "unsupported" }],
    ["${1a} = 1", { key: "syntax", params: { position: 1 } }],
    ["x".repeat(2001), { key: "tooLong", params: { max: 2000 } }],
    ["(".repeat(60) + "1" + ")".repeat(60), { key: "tooDeep" }],
  ] as const)("%s", (source, error) => {
    expect(parseError(source)).toEqual(error);
  });

  it("lists the fields an expression reads", () => {
    const parsed = parseExpression("${a} + ${b} * ${a} > count(${c})");
    expect(parsed.ok && referencedNames(parsed.expression)).toEqual(["a", "b", "c"]);
  });

  it("keeps `${…}` inside a text literal as text", () => {
    expect(run("'${a}'", { a: 1 })).toBe("${a}");
  });
});

describe("type check", () => {
  const environment: TypeEnvironment = {
    field: (name) =>
      (({ n: "number", t: "text", b: "boolean", d: "date", l: "list", score: "text", word: "text" }) as const)[
        name
      ] ?? {
        key: "unknownField",
        params: { field: "${" + name + "}" },
      },
    options: (name) => ({ l: ["a", "b"], score: ["0", "1", "2.5"], word: ["a", "1"] })[name],
    fieldType: (name) => (name === "score" || name === "word" ? "single_choice" : undefined),
  };
  const errors = (source: string, env: TypeEnvironment = environment) => {
    const parsed = parseExpression(source);
    if (!parsed.ok) throw new Error(source);
    return checkExpression(parsed.expression, env).errors.map((error) => error.key);
  };

  it("infers types", () => {
    const parsed = parseExpression("${n} * 2");
    expect(parsed.ok && checkExpression(parsed.expression, environment).type).toBe("number");
  });

  it.each([
    ["${n} + 1", []],
    ["${t} + 1", ["typeMismatch"]],
    ["${l} * 2", ["typeMismatch"]],
    ["${score} + ${score} > 2", []],
    ["-${score}", []],
    ["${word} + 1", ["typeMismatch"]],
    ["${n} = true", ["typeMismatch"]],
    ["${n} > 'abc'", ["typeMismatch"]],
    ["${n} > '3'", []],
    ["${b} < 1", ["typeMismatch"]],
    ["sum(${t})", ["typeMismatch"]],
    ["sum(${l})", []],
    ["${d} - ${d} > 3", []],
    ["${zz} = 1", ["unknownField"]],
    [". > 1", ["currentOutsideConstraint"]],
    ["selected(${l}, 'c')", ["unknownOption"]],
    ["selected(${l}, 'a')", []],
    ["regex(${t}, '(a|b)*')", []],
    ["regex(${t}, '(a+)+$')", []],
    ["regex(${t}, '[')", ["invalidPattern"]],
    ["regex(${t}, '^(?=.*[0-9]).+$')", ["unsupportedPattern"]],
    ["regex(${t}, '(?<!x)a')", ["unsupportedPattern"]],
    ["regex(${t}, '(a)\\\\1')", ["unsupportedPattern"]],
    ["regex(${t}, '.{600}')", ["patternTooComplex"]],
    ["regex(${t}, '^[0-9]{5}-?[0-9]{3}$')", []],
    [`regex(\${t}, '${"a".repeat(201)}')`, ["patternTooLong"]],
  ] as const)("%s", (source, expected) => {
    expect(errors(source)).toEqual(expected);
  });

  it("accepts `.` in a constraint", () => {
    expect(errors(". > 1", { ...environment, current: "number" })).toEqual([]);
  });
});

describe("malformed input", () => {
  const pieces = [
    "${a}",
    ".",
    "(",
    ")",
    ",",
    "'x'",
    '"',
    "1",
    "-",
    "+",
    "and",
    "or",
    "not(",
    "mod",
    "=",
    "<",
    "!",
    "?",
    ":",
    "[",
    "{",
    "$",
    "round(",
    "sum(",
    "\\",
    " ",
  ];
  it("never throws, whatever the source", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let attempt = 0; attempt < 3000; attempt += 1) {
      const source = Array.from(
        { length: 1 + Math.floor(random() * 12) },
        () => pieces[Math.floor(random() * pieces.length)],
      ).join("");
      const parsed = parseExpression(source);
      if (parsed.ok) {
        expect(() =>
          evaluateExpression(parsed.expression, { field: () => [1, "a", null], current: "x" }),
        ).not.toThrow();
      } else expect(EXPRESSION_ERROR_KEYS).toContain(parsed.error.key);
    }
  });

  it("survives long chains and deep nesting", () => {
    expect(parseExpression(Array.from({ length: 500 }, () => "1").join(" + ")).ok).toBe(false);
    expect(run(Array.from({ length: 300 }, () => "1").join(" + "))).toBe(300);
    expect(parseError("-".repeat(1500) + "1")?.key).toBe("tooDeep");
    expect(parseExpression("not(".repeat(30) + "1" + ")".repeat(30)).ok).toBe(true);
  });

  it("runs regex() on bounded input only", () => {
    expect(run("regex(${t}, '^a+$')", { t: "a".repeat(1000) })).toBe(true);
    expect(run("regex(${t}, '^a+$')", { t: "a".repeat(1001) })).toBe(false);
  });

  it("runs regex() in linear time: stacked quantifiers that make RegExp backtrack for hours return at once", () => {
    expect(run("regex(${t}, 'a*a*a*a*a*a*b')", { t: "a".repeat(1000) })).toBe(false);
    expect(run("regex(${t}, '(a|aa)*c')", { t: "a".repeat(1000) })).toBe(false);
    expect(run("regex(${t}, '^(a+)+$')", { t: "a".repeat(1000) })).toBe(true);
  });

  it("refuses at run time the patterns the analysis refuses (a pattern can come from an answer)", () => {
    expect(run("regex(${t}, ${p})", { t: "a1", p: "^(?=.*[0-9]).+$" })).toBe(false);
    expect(run("regex(${t}, ${p})", { t: "a1", p: "[0-9]" })).toBe(true);
  });
});

describe("computed text is bounded", () => {
  const half = "x".repeat(TEXT_VALUE_MAX / 2);

  it("refuses a text past TEXT_VALUE_MAX before building it, and the record's budget says so", () => {
    expect(run("concat(${h}, ${h})", { h: half })).toHaveLength(TEXT_VALUE_MAX);
    const budget = new EvaluationBudget();
    expect(run("concat(${h}, ${h}, 'y')", { h: half }, undefined, budget)).toBeNull();
    expect(budget.breach).toBe("tooLarge");
    // From then on the record's logic stops: every evaluation is empty.
    expect(run("1 + 1", {}, undefined, budget)).toBeNull();
  });

  it("bounds a list read as text (a repeat's answers joined)", () => {
    expect(run("string-length(${l})", { l: [half, half] })).toBeNull();
    expect(run("string-length(${l})", { l: ["ab", "c"] })).toBe(4);
  });

  it("stops a record whose logic outlives its time budget", () => {
    const spent = new EvaluationBudget(-1);
    expect(run(Array.from({ length: 40 }, () => "1").join(" + "), {}, undefined, spent)).toBeNull();
    expect(spent.breach).toBe("tooSlow");
  });
});

describe("computed numbers", () => {
  it.each([
    ["${altura_m} * 100", { altura_m: 9.2 }, 920],
    ["0.1 + 0.2", {}, 0.3],
    ["0.1 + 0.2 = 0.3", {}, true],
    ["sum(${l})", { l: [0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1] }, 1],
    ["concat('', ${altura_m} * 100)", { altura_m: 9.2 }, "920"],
    ["1 / 3", {}, 0.333333333333333],
    ["${big} + 1", { big: 1e20 }, 1e20],
  ] as const)("%s keeps 15 significant digits, as spreadsheets do", (source, values, expected) => {
    expect(run(source, values)).toBe(expected);
  });
});

describe("expressions catalog", () => {
  it("has every error key in every language", () => {
    for (const catalog of [ptBR, en, es])
      expect(Object.keys(catalog).sort()).toEqual([...EXPRESSION_ERROR_KEYS].sort());
    expect(ptBR.unknownField).toBe("Campo desconhecido: {{field}}");
    expect(ptBR.cycle).toBe("Fórmula circular: {{path}}");
  });
});
