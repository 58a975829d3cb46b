import { describe, expect, it } from "vitest";
import { buildXlsx } from "../../test-support/xlsform-books.ts";
import { exportXlsForm, xlsFormSheets } from "./xlsform-export.ts";
import { importXlsForm } from "./xlsform-import.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";

/** The shape of ODK's external-choices examples: cascading lists from CSVs, a lookup and an instance path. */
const FROM_FILE = {
  survey: [
    ["type", "name", "label", "choice_filter", "calculation"],
    ["select_one_from_file states.csv", "state", "State", null, null],
    ["select_one_from_file cities.csv", "city", "City", "state=${state}", null],
    ["select_multiple_from_file cities.csv", "visited", "Visited", null, null],
    ["calculate", "population", "Population", null, "pulldata('cities', 'population', 'name', ${city})"],
    ["calculate", "city_label", "City label", null, "instance('cities')/root/item[name = ${city}]/label"],
  ],
};

describe("XLSForm choices and lookups from attached files", () => {
  it("imports select_one_from_file, select_multiple_from_file, pulldata() and instance() paths", async () => {
    const imported = importXlsForm(await readXlsFormBook(await buildXlsx(FROM_FILE)), "Arquivos");
    if (!imported.ok) throw new Error(JSON.stringify(imported.issues));
    const config = (name: string) => imported.form.fields.find((field) => field.name === name)?.config;
    expect(config("state")).toMatchObject({ options: [], choicesFile: "states.csv" });
    expect(config("city")).toMatchObject({ options: [], choicesFile: "cities.csv", choiceFilter: "state=${state}" });
    expect(imported.form.fields.find((field) => field.name === "visited")?.fieldType).toBe("multiple_choice");
    expect(config("population")).toMatchObject({
      calculation: "pulldata('cities', 'population', 'name', ${city})",
    });
    expect(config("city_label")).toMatchObject({
      calculation: "instance('cities')/root/item[name = ${city}]/label",
    });
  });

  it("writes them back as other XLSForm tools read them, and re-imports the same form", async () => {
    const imported = importXlsForm(await readXlsFormBook(await buildXlsx(FROM_FILE)), "Arquivos");
    if (!imported.ok) throw new Error(JSON.stringify(imported.issues));
    const [survey] = xlsFormSheets({ ...imported.form, formVersion: 1 });
    expect(survey?.rows.slice(0, 3).map((row) => row.type)).toEqual([
      "select_one_from_file states.csv",
      "select_one_from_file cities.csv",
      "select_multiple_from_file cities.csv",
    ]);
    expect(survey?.rows.find((row) => row.name === "city_label")?.calculation).toBe(
      "instance('cities')/root/item[name = ${city}]/label",
    );
    const file = await exportXlsForm({ ...imported.form, formVersion: 1 });
    expect(importXlsForm(await readXlsFormBook(file), "Arquivos")).toEqual(imported);
  });

  it("reports list files Campo cannot read at their cell", async () => {
    const result = importXlsForm(
      await readXlsFormBook(
        await buildXlsx({
          survey: [
            ["type", "name", "label"],
            ["select_one_from_file cities.xml", "city", "City"],
          ],
        }),
      ),
      "Arquivos",
    );
    expect(result).toMatchObject({
      ok: false,
      issues: [{ sheet: "survey", row: 2, column: "type", key: "xlsform:issues.unsupportedType" }],
    });
  });
});
