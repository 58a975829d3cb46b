import { describe, expect, it } from "vitest";
import {
  checkExpression,
  evaluateExpression,
  parseExpression,
  type Expression,
  type FormTableData,
} from "../expressions/index.ts";
import { designedFieldSchema, type FormLogicField } from "../fields/field-config.ts";
import { evaluateForm, validateRecord } from "../forms/index.ts";
import { fileChoices } from "../forms/file-choices.ts";
import { formTable, formTables } from "./form-tables.ts";

/** 10,000 cities over 27 states: the size the phone must filter as the collector types. */
function cities(): FormTableData {
  const rows: string[][] = [];
  for (let index = 0; index < 10_000; index += 1) {
    const state = `uf${index % 27}`;
    rows.push([`c${index}`, `Cidade ${index}`, state, String(1000 + index), index === 3 ? "c3.png" : ""]);
  }
  return { columns: ["name", "label", "state", "population", "image"], rows };
}

const states: FormTableData = {
  columns: ["name", "label"],
  rows: Array.from({ length: 27 }, (_, index) => [`uf${index}`, `Estado ${index}`]),
};

const tables = formTables([
  { name: "cities.csv", data: cities() },
  { name: "states.csv", data: states },
]);

function parsed(source: string): Expression {
  const result = parseExpression(source);
  if (!result.ok) throw new Error(`${source}: ${result.error.key}`);
  return result.expression;
}

function evaluate(source: string, values: Record<string, string> = {}) {
  return evaluateExpression(parsed(source), { field: (name) => values[name] ?? null, tables });
}

describe("pulldata()", () => {
  it("reads a column of the row whose key column holds the key, by file or instance name", () => {
    expect(evaluate("pulldata('cities', 'population', 'name', ${city})", { city: "c42" })).toBe("1042");
    expect(evaluate("pulldata('cities.csv', 'label', 'name', 'c7')")).toBe("Cidade 7");
  });

  it("is empty for a missing key, column or file, and without tables", () => {
    expect(evaluate("pulldata('cities', 'label', 'name', 'nope')")).toBeNull();
    expect(evaluate("pulldata('cities', 'nope', 'name', 'c1')")).toBeNull();
    expect(evaluate("pulldata('towns', 'label', 'name', 'c1')")).toBeNull();
    expect(evaluateExpression(parsed("pulldata('cities', 'label', 'name', 'c1')"), { field: () => null })).toBeNull();
  });
});

describe("instance('name')/root/item[filter]/column", () => {
  it("reads the first row the filter keeps, bare words being the row's columns", () => {
    expect(evaluate("instance('cities')/root/item[name = ${city}]/label", { city: "c9" })).toBe("Cidade 9");
    expect(evaluate("instance('cities')/root/item[state = 'uf2' and population > 1100]/name")).toBe("c110");
    expect(evaluate("instance('states')/root/item/label")).toBe("Estado 0");
  });

  it("joins other expressions and keeps its references", () => {
    const expression = parsed("concat('>', instance('cities')/root/item[name = ${city}]/state)");
    expect(evaluateExpression(expression, { field: () => "c28", tables })).toBe(">uf1");
  });

  it("refuses a path it cannot read", () => {
    expect(parseExpression("instance('cities')/root/item[name = 'x'").ok).toBe(false);
    expect(parseExpression("instance('cities')/root/label").ok).toBe(false);
  });
});

describe("checkExpression with the form's files", () => {
  const columns = (file: string) => tables(file)?.data.columns;
  const check = (source: string) =>
    checkExpression(parsed(source), { field: () => "text", tableColumns: columns }).errors.map((error) => error.key);

  it("names files and columns the form does not have", () => {
    expect(check("pulldata('cities', 'label', 'name', ${x})")).toEqual([]);
    expect(check("pulldata('towns', 'label', 'name', ${x})")).toEqual(["unknownFile"]);
    expect(check("pulldata('cities', 'area', 'name', ${x})")).toEqual(["unknownColumn"]);
    expect(check("instance('cities')/root/item[region = 'x']/label")).toEqual(["unknownColumn"]);
    expect(check("instance('towns')/root/item/label")).toEqual(["unknownFile"]);
  });
});

type Spec = { name: string; fieldType: FormLogicField["fieldType"]; config?: object };

function form(...specs: Spec[]): FormLogicField[] {
  return specs.map((spec, position) => {
    const field = designedFieldSchema.parse({
      fieldType: spec.fieldType,
      label: spec.name,
      name: spec.name,
      parentName: null,
      position,
      config: spec.config ?? {},
    });
    return { ...field, id: spec.name, name: spec.name };
  });
}

describe("choices from an attached file", () => {
  const fields = form(
    { name: "state", fieldType: "single_choice", config: { options: [], choicesFile: "states.csv" } },
    {
      name: "city",
      fieldType: "single_choice",
      config: { options: [], choicesFile: "cities.csv", choiceFilter: "state = ${state}" },
    },
    { name: "visited", fieldType: "multiple_choice", config: { options: [], choicesFile: "cities.csv" } },
  );

  it("offers the rows the cascading filter keeps, in file order", () => {
    const offered = evaluateForm(fields, { state: "uf1" }, { tables }).offeredOptions;
    expect(offered.city?.slice(0, 3)).toEqual(["c1", "c28", "c55"]);
    expect(offered.city).toHaveLength(371);
    expect(offered.state).toHaveLength(27);
  });

  it("rejects an answer the file does not list or the filter does not keep", () => {
    const ok = validateRecord(fields, { state: "uf1", city: "c28", visited: ["c1", "c2"] }, { tables });
    expect(ok.fieldErrors).toEqual({});
    const wrong = validateRecord(fields, { state: "uf1", city: "c2", visited: ["zzz"] }, { tables });
    expect(wrong.fieldErrors).toEqual({ city: { key: "optionNotOffered" }, visited: { key: "optionNotOffered" } });
  });

  it("offers nothing when the form version has no such file", () => {
    const result = validateRecord(fields, { state: "uf1" }, {});
    expect(result.fieldErrors).toEqual({ state: { key: "optionNotOffered" } });
  });

  it("labels choices and shows their images from the same rows", () => {
    expect(fileChoices(formTable(cities()), ["c3", "c4"])).toEqual([
      { name: "c3", label: "Cidade 3", image: "c3.png" },
      { name: "c4", label: "Cidade 4" },
    ]);
  });

  it("refuses a choice field with neither options nor a file", () => {
    expect(designedFieldSchema.safeParse({ ...fields[0], config: { options: [] } }).success).toBe(false);
    expect(designedFieldSchema.safeParse({ ...fields[0], config: { options: [], choicesFile: "x.txt" } }).success).toBe(
      false,
    );
  });
});
