import { assert, describe, expect, it } from "vitest";
import { parseExpression } from "../../../../shared/expressions/index.ts";
import { FIELD_TYPES } from "../../../../shared/fields/field-types.ts";
import {
  newCondition,
  operatorsFor,
  readShowWhen,
  writeShowWhen,
  type ConditionSource,
  type ShowWhen,
} from "./show-when.ts";

const SOURCES: ConditionSource[] = [
  { name: "idade", fieldType: "number" },
  { name: "nome", fieldType: "text" },
  { name: "fumante", fieldType: "yes_no" },
  { name: "cor", fieldType: "single_choice", options: ["Azul", "Verde d'água"] },
  { name: "servicos", fieldType: "multiple_choice", options: ["Água", "Luz"] },
  { name: "visita", fieldType: "date" },
  { name: "foto", fieldType: "photo" },
  { name: "area", fieldType: "calculation" },
];

describe("writeShowWhen", () => {
  it("writes each operator in the expression language, numbers and booleans unquoted", () => {
    const showWhen: ShowWhen = {
      combinator: "all",
      conditions: [
        { field: "idade", operator: "greaterOrEqual", value: "18" },
        { field: "nome", operator: "equals", value: "Ana" },
        { field: "fumante", operator: "equals", value: "true" },
        { field: "cor", operator: "notEquals", value: "Verde d'água" },
        { field: "servicos", operator: "contains", value: "Água" },
        { field: "servicos", operator: "notContains", value: "Luz" },
        { field: "visita", operator: "lessThan", value: "2026-01-31" },
        { field: "foto", operator: "filled", value: "" },
        { field: "nome", operator: "empty", value: "" },
      ],
    };
    expect(writeShowWhen(showWhen, SOURCES)).toBe(
      [
        "${idade} >= 18",
        "${nome} = 'Ana'",
        "${fumante} = true",
        "${cor} != 'Verde d\\'água'",
        "selected(${servicos}, 'Água')",
        "not(selected(${servicos}, 'Luz'))",
        "${visita} < '2026-01-31'",
        "${foto} != ''",
        "${nome} = ''",
      ].join(" and "),
    );
  });

  it("joins with or for 'qualquer uma', quotes a number typed into a text field and a non-number typed as number", () => {
    const showWhen: ShowWhen = {
      combinator: "any",
      conditions: [
        { field: "nome", operator: "equals", value: "12" },
        { field: "idade", operator: "equals", value: "doze" },
      ],
    };
    expect(writeShowWhen(showWhen, SOURCES)).toBe("${nome} = '12' or ${idade} = 'doze'");
  });

  it("writes nothing for no condition (always shown)", () => {
    expect(writeShowWhen({ combinator: "all", conditions: [] }, SOURCES)).toBe("");
  });
});

describe("readShowWhen", () => {
  it("reads back everything the builder writes", () => {
    const cases: ShowWhen[] = [
      { combinator: "all", conditions: [] },
      { combinator: "all", conditions: [{ field: "idade", operator: "lessThan", value: "-1.5" }] },
      {
        combinator: "any",
        conditions: [
          { field: "cor", operator: "equals", value: "Verde d'água" },
          { field: "servicos", operator: "notContains", value: "Água" },
          { field: "fumante", operator: "notEquals", value: "false" },
          { field: "area", operator: "greaterThan", value: "10" },
          { field: "foto", operator: "empty", value: "" },
        ],
      },
    ];
    for (const showWhen of cases) expect(readShowWhen(writeShowWhen(showWhen, SOURCES), SOURCES)).toEqual(showWhen);
  });

  it("accepts hand-typed spacing, == and double quotes, and matches names case-insensitively", () => {
    expect(readShowWhen(' ${IDADE}==3 and selected( ${servicos} , "Luz" ) ', SOURCES)).toEqual({
      combinator: "all",
      conditions: [
        { field: "idade", operator: "equals", value: "3" },
        { field: "servicos", operator: "contains", value: "Luz" },
      ],
    });
  });

  it("reads what the form's parser reads: typographic quotes, redundant parentheses, a grouped chain", () => {
    expect(readShowWhen("${nome} = ‘Ana’", SOURCES)).toEqual({
      combinator: "all",
      conditions: [{ field: "nome", operator: "equals", value: "Ana" }],
    });
    expect(readShowWhen("(${idade} > 1) or (${nome} = '' or ${idade} = 1.50)", SOURCES)).toEqual({
      combinator: "any",
      conditions: [
        { field: "idade", operator: "greaterThan", value: "1" },
        { field: "nome", operator: "empty", value: "" },
        { field: "idade", operator: "equals", value: "1.5" },
      ],
    });
  });

  it("writes back what it read with the same meaning as the typed text", () => {
    for (const text of [
      '${idade} >= -2 and ${nome} != "O\'Brien"',
      "((${fumante} = false)) or not(selected(${servicos}, 'Luz')) or ${visita} <= '2026-01-31'",
      "${cor} == 'Verde d\\'água' and (${foto} != '') and ${area} < 0.5",
    ]) {
      const read = readShowWhen(text, SOURCES);
      assert(read, text);
      expect(parseExpression(writeShowWhen(read, SOURCES)), text).toEqual(parseExpression(text));
    }
  });

  it("refuses what the builder cannot show, so the text mode keeps it", () => {
    for (const text of [
      "${idade} > 1 and ${idade} < 5 or ${nome} = 'x'",
      "${idade} > 1 and (${idade} < 5 or ${nome} = 'x')",
      "(${idade} > 1 or ${idade} < 5) and ${nome} = 'x'",
      "${ idade } > 1",
      "${last-saved#idade} > 1",
      "1 < ${idade}",
      "-${idade} > 1",
      "not(${idade} = 1)",
      "selected(${servicos}, 1)",
      "selected(${servicos}, 'Luz', 'Água')",
      "${idade} > 1 and",
      "${idade} + 1 > 2",
      "count_selected(${servicos}) > 1",
      "${desconhecido} = 1",
      "${foto} = 'x'",
      "${fumante} = 'sim'",
      "${cor} = 'Roxo'",
      "selected(${cor}, 'Azul')",
      "${idade} >",
      "${nome} = 'sem fim",
      "${idade} > ${idade}",
      "${idade} = 1 AND ${idade} = 2",
    ])
      expect(readShowWhen(text, SOURCES), text).toBeNull();
  });
});

describe("operators", () => {
  it("offers operators fitting each type and none for notes, sections and repeats", () => {
    expect(operatorsFor("multiple_choice")).toContain("contains");
    expect(operatorsFor("text")).not.toContain("greaterThan");
    expect(operatorsFor("number")).toContain("greaterThan");
    const without = FIELD_TYPES.filter((type) => operatorsFor(type).length === 0);
    expect(without).toEqual(["note", "section", "repeat"]);
  });

  it("starts a new row with the field's first operator and option", () => {
    expect(newCondition({ name: "cor", fieldType: "single_choice", options: ["Azul"] })).toEqual({
      field: "cor",
      operator: "equals",
      value: "Azul",
    });
    expect(newCondition({ name: "fumante", fieldType: "yes_no" }).value).toBe("true");
  });
});
