import { describe, expect, it } from "vitest";
import { exportXlsForm } from "./xlsform-export.ts";
import { importXlsForm, type XlsFormImport } from "./xlsform-import.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";
import { buildXlsx, type SheetCells } from "../../test-support/xlsform-books.ts";

async function importSheets(sheets: Record<string, SheetCells>): Promise<XlsFormImport> {
  return importXlsForm(await readXlsFormBook(await buildXlsx(sheets)), "External");
}

const STATES: SheetCells = [
  ["list_name", "name", "label"],
  ["states", "sp", "São Paulo"],
  ["states", "rj", "Rio de Janeiro"],
];

const EXTERNAL_CITIES: SheetCells = [
  ["list_name", "name", "label", "state"],
  ["cities", "campinas", "Campinas", "sp"],
  ["cities", "santos", "Santos", "sp"],
  ["cities", "niteroi", "Niterói", "rj"],
];

describe("select_one_external", () => {
  it("is a single choice over the external_choices sheet's list, its filter kept", async () => {
    for (const type of ["select_one_external cities", "select one external cities"]) {
      const result = await importSheets({
        survey: [
          ["type", "name", "label", "choice_filter"],
          ["select_one states", "state", "State", null],
          [type, "city", "City", "state=${state}"],
        ],
        choices: STATES,
        external_choices: EXTERNAL_CITIES,
      });
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      expect(result.form.fields[1]).toMatchObject({
        fieldType: "single_choice",
        config: {
          options: ["Campinas", "Santos", "Niterói"],
          optionProperties: { Campinas: { state: "São Paulo" }, Niterói: { state: "Rio de Janeiro" } },
          choiceFilter: "state=${state}",
        },
      });
    }
  });

  it("finds its list on the choices sheet too, and reports a list on neither at its cell", async () => {
    const found = await importSheets({
      survey: [
        ["type", "name", "label"],
        ["select_one_external states", "state", "State"],
      ],
      choices: STATES,
    });
    expect(found.ok && found.form.fields[0]?.config).toMatchObject({ options: ["São Paulo", "Rio de Janeiro"] });
    expect(
      await importSheets({
        survey: [
          ["type", "name", "label"],
          ["select_one_external towns", "town", "Town"],
        ],
        external_choices: EXTERNAL_CITIES,
      }),
    ).toEqual({
      ok: false,
      issues: [
        { sheet: "survey", row: 2, column: "type", key: "xlsform:issues.unknownList", params: { list: "towns" } },
      ],
    });
  });

  it("places a problem of an external option on the external_choices sheet", async () => {
    const result = await importSheets({
      survey: [
        ["type", "name", "label"],
        ["select_one_external cities", "city", "City"],
      ],
      external_choices: [...EXTERNAL_CITIES, ["cities", "long", "x".repeat(201), "sp"]],
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        { sheet: "external_choices", row: 5, column: "label", key: "fields:optionTooLong", params: { max: 200 } },
      ],
    });
  });
});

describe("osm", () => {
  it("is a file question accepting .osm files, with or without its list of tags", async () => {
    const result = await importSheets({
      survey: [
        ["type", "name", "label", "body::accept"],
        ["osm building_tags", "building", "Building", null],
        ["osm", "feature", "Feature", null],
        ["osm", "own", "Own accept", ".osm,.xml"],
      ],
      choices: [
        ["list_name", "name", "label"],
        ["building_tags", "name", "Name"],
      ],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.form.fields.map((field) => [field.fieldType, field.config])).toMatchObject([
      ["file", { accept: [".osm"] }],
      ["file", { accept: [".osm"] }],
      ["file", { accept: [".osm", ".xml"] }],
    ]);
    // Exported, it is the file question it became, and comes back as one.
    const exported = await exportXlsForm({ ...result.form, formVersion: 1 });
    const again = importXlsForm(await readXlsFormBook(exported), "Again");
    expect(again.ok && again.form.fields.map((field) => [field.fieldType, field.config])).toEqual(
      result.form.fields.map((field) => [field.fieldType, field.config]),
    );
  });

  it("refuses words after the list, as pyxform does", async () => {
    const result = await importSheets({
      survey: [
        ["type", "name", "label"],
        ["osm tags extra", "o", "O"],
      ],
    });
    expect(result.ok ? [] : result.issues.map((issue) => issue.key)).toEqual(["xlsform:issues.unsupportedType"]);
  });
});
