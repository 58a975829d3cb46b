import { describe, expect, it } from "vitest";
import type { ApplicationForm } from "../../../shared/fields/field-config.ts";
import { buildXlsx, type SheetCells } from "../../test-support/xlsform-books.ts";
import { canonicalType } from "./xlsform-aliases.ts";
import { importXlsForm, type XlsFormImport } from "./xlsform-import.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";

async function importSheets(sheets: Record<string, SheetCells>): Promise<XlsFormImport> {
  return importXlsForm(await readXlsFormBook(await buildXlsx(sheets)), "Fallback name");
}

async function importedForm(sheets: Record<string, SheetCells>): Promise<ApplicationForm> {
  const result = await importSheets(sheets);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.form;
}

const LIST: SheetCells = [
  ["list_name", "name", "label"],
  ["list", "a", "A"],
  ["list", "b", "B"],
];

describe("the metadata type end", () => {
  it("is metadata, not the end of a group: the group goes on to its own end", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label"],
        ["start", "start", null],
        ["begin group", "g", "Group"],
        ["text", "a", "A"],
        ["end", "end", null],
        ["text", "b", "B"],
        ["end group", null, null],
        ["text", "c", "C"],
      ],
    });
    expect(form.fields.map((f) => [f.name, f.parentName])).toEqual([
      ["g", null],
      ["a", "g"],
      ["b", "g"],
      ["c", null],
    ]);
  });

  it.each(["end group", "end_group", "END GROUP", "end repeat", "end_repeat"])("%s still closes", async (end) => {
    const kind = end.toLowerCase().includes("group") ? "group" : "repeat";
    const form = await importedForm({
      survey: [
        ["type", "name", "label"],
        [`begin ${kind}`, "g", "G"],
        ["text", "a", "A"],
        [end, null, null],
        ["text", "b", "B"],
      ],
    });
    expect(form.fields.map((f) => [f.name, f.parentName])).toEqual([
      ["g", null],
      ["a", "g"],
      ["b", null],
    ]);
  });
});

describe("Excel cells read as XLSForm means them", () => {
  it("a default typed as a date, a time or a date and time becomes ISO text", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label", "default"],
        ["date", "d", "D", { value: new Date(Date.UTC(2026, 2, 1)), numFmt: "dd/mm/yyyy" }],
        ["time", "t", "T", { value: 14.5 / 24, numFmt: "hh:mm" }],
        ["date", "serial", "S", { value: 46082, numFmt: "yyyy-mm-dd" }],
        ["text", "stamp", "Stamp", { value: new Date(Date.UTC(2026, 2, 1, 8, 5, 30)), numFmt: "yyyy-mm-dd hh:mm:ss" }],
      ],
    });
    expect(form.fields.map((f) => ("defaultValue" in f.config ? f.config.defaultValue : null))).toEqual([
      "'2026-03-01'",
      "'14:30'",
      "'2026-03-01'",
      "'2026-03-01T08:05:30'",
    ]);
  });

  it("numbers keep Excel's 15 digits, in constraints, defaults and choice names alike", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label", "default", "constraint"],
        ["decimal", "n", "N", 0.1 + 0.2, null],
        ["select_one list", "s", "S", 1.0000000000000002, null],
        ["integer", "i", "I", 3, null],
      ],
      choices: [
        ["list_name", "name", "label"],
        ["list", 1.0000000000000002, { value: new Date(Date.UTC(2026, 0, 31)), numFmt: "d mmm yyyy" }],
        ["list", 2, "Two"],
      ],
    });
    expect(form.fields.map((f) => ("defaultValue" in f.config ? f.config.defaultValue : null))).toEqual([
      "0.3",
      "'2026-01-31'",
      "3",
    ]);
    expect(form.fields[1]?.config).toMatchObject({ options: ["2026-01-31", "Two"] });
  });

  it("a logical cell is TRUE or FALSE, so required and acknowledge defaults read it", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label", "required"],
        ["text", "t", "T", true],
        ["text", "u", "U", false],
      ],
    });
    expect(form.fields.map((f) => ("required" in f.config ? f.config.required : null))).toEqual([true, false]);
  });
});

describe("older spellings pyxform still accepts", () => {
  it.each([
    ["select one from list", "single_choice"],
    ["select one list", "single_choice"],
    ["select1 list", "single_choice"],
    ["select multiple from list", "multiple_choice"],
    ["select all that apply from list", "multiple_choice"],
    ["select_multiple list", "multiple_choice"],
    ["add select one prompt using list", "single_choice"],
    ["phone number", "phone"],
    ["q int", "number"],
    ["int", "number"],
    ["string", "text"],
    ["add text prompt", "text"],
    ["location", "gps"],
    ["gps", "gps"],
    ["photo", "photo"],
    ["q picture", "photo"],
    ["date time", "date"],
    ["add note prompt", "note"],
    ["trigger", "yes_no"],
  ])("type %s → %s", async (type, fieldType) => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label"],
        [type, "q", "Q"],
      ],
      choices: LIST,
    });
    expect(form.fields[0]).toMatchObject({ fieldType, name: "q" });
  });

  it.each([
    "get start time",
    "end time",
    "imei",
    "device id",
    "sim id",
    "subscriber id",
    "get phone number",
    "phonenumber",
  ])("metadata %s is skipped", async (type) => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label"],
        [type, "m", null],
        ["text", "t", "T"],
      ],
    });
    expect(form.fields.map((f) => f.name)).toEqual(["t"]);
  });

  it("begin looped group / end looped group is a repeat", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label"],
        ["begin looped group", "r", "R"],
        ["text", "a", "A"],
        ["end looped group", null, null],
      ],
    });
    expect(form.fields.map((f) => [f.name, f.fieldType, f.parentName])).toEqual([
      ["r", "repeat", null],
      ["a", "text", "r"],
    ]);
  });

  it("reports select_one_external at its cell, in any spelling", async () => {
    for (const type of ["select_one_external list", "select one external list"]) {
      const result = await importSheets({
        survey: [
          ["type", "name", "label"],
          [type, "q", "Q"],
        ],
        choices: LIST,
      });
      expect(result).toEqual({
        ok: false,
        issues: [{ sheet: "survey", row: 2, column: "type", key: "xlsform:issues.unsupportedType", params: { type } }],
      });
    }
  });

  it("reads old column names: caption, jr:constraintMsg, bind::, control:: and media:: prefixes", async () => {
    const form = await importedForm({
      survey: [
        [
          "type",
          "name",
          "caption",
          "caption::Español (es)",
          "hint::Español (es)",
          "bind::relevant",
          "bind::jr:constraintMsg",
          "constraint",
          "bind::calculate",
          "control::appearance",
          "media::image",
          "bind::required",
        ],
        ["integer", "n", "Number", "Número", "Pista", null, "Too big", ". < 10", null, null, "n.png", "yes"],
        ["text", "t", "Text", null, null, "${n} > 1", null, null, null, "multiline", null, null],
        ["calculate", "c", null, null, null, null, null, null, "${n} * 2", null, null, null],
      ],
      Settings: [["form_title"], ["Old spellings"]],
    });
    expect(form.name).toBe("Old spellings");
    expect(form.fields[0]).toMatchObject({
      label: "Number",
      config: {
        required: true,
        constraint: ". < 10",
        constraintMessage: "Too big",
        translations: { es: { label: "Número", description: "Pista" } },
      },
    });
    expect(form.fields[1]).toMatchObject({ config: { relevant: "${n} > 1", format: "textarea" } });
    expect(form.fields[2]).toMatchObject({ config: { calculation: "${n} * 2" } });
  });

  it("reads relevance, calculate, jr:requiredMsg and jr:count under their old names", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label", "relevance", "calculate", "required", "jr:requiredMsg", "jr:count"],
        ["begin repeat", "r", "R", null, null, null, null, "2"],
        ["integer", "n", "N", null, null, "yes", "Needed", null],
        ["end repeat", null, null, null, null, null, null, null],
        ["calculate", "c", null, "count(${r}) > 0", "count(${r})", null, null, null],
      ],
    });
    expect(form.fields.map((f) => f.config)).toMatchObject([
      { minCount: 2, maxCount: 2 },
      { required: true, requiredMessage: "Needed" },
      { relevant: "count(${r}) > 0", calculation: "count(${r})" },
    ]);
  });

  it("reads choices under list name / value / caption", async () => {
    const form = await importedForm({
      survey: [
        ["type", "name", "label"],
        ["select_one colours", "c", "Colour"],
      ],
      choices: [
        ["list name", "value", "caption"],
        ["colours", "r", "Red"],
        ["colours", "g", "Green"],
      ],
    });
    expect(form.fields[0]?.config).toMatchObject({ options: ["Red", "Green"] });
  });

  it("keeps the list name's case and an or_other suffix when it spells a select out", () => {
    expect(canonicalType("select one from Regions")).toBe("select_one Regions");
    expect(canonicalType("Select Multiple from crops or_other")).toBe("select_multiple crops or_other");
    expect(canonicalType("select_one_from_file cities.csv")).toBe("select_one_from_file cities.csv");
    expect(canonicalType("select one from file cities.csv")).toBe("select_one_from_file cities.csv");
    expect(canonicalType("begin_group")).toBe("begin_group");
  });
});
