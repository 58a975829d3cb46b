import { describe, expect, it } from "vitest";
import { importXlsForm, type XlsFormImport } from "./xlsform-import.ts";
import { readXlsFormBook } from "./xlsform-sheets.ts";
import { buildXlsx } from "../../test-support/xlsform-books.ts";

type Rows = (string | null)[][];

async function imported(survey: Rows, choices?: Rows): Promise<Extract<XlsFormImport, { ok: true }>> {
  const result = importXlsForm(
    await readXlsFormBook(await buildXlsx({ survey, ...(choices ? { choices } : {}) })),
    "F",
  );
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result;
}

const fieldOf = (result: Extract<XlsFormImport, { ok: true }>, name: string) =>
  result.form.fields.find((field) => field.name === name);

describe("what ODK accepts and Campo imports with a notice", () => {
  it("names a note without a name after its row, unique in the form, and says so", async () => {
    const result = await imported([
      ["type", "name", "label"],
      ["note", null, "Section A: the household"],
      ["text", "note_3", "Taken by a question"],
      ["note", "", "Section B"],
      ["q note", null, "An old spelling"],
    ]);
    expect(result.form.fields.map((field) => [field.fieldType, field.name, field.label])).toEqual([
      ["note", "note_2", "Section A: the household"],
      ["text", "note_3", "Taken by a question"],
      ["note", "note_4", "Section B"],
      ["note", "note_5", "An old spelling"],
    ]);
    expect(result.notes).toEqual(
      ["note_2", "note_4", "note_5"].map((name) => ({
        sheet: "survey",
        row: Number(name.slice(5)),
        column: "name",
        key: "xlsform:issues.noteNamed",
        params: { name },
      })),
    );
  });

  it("still refuses a question without a name: its answers need one the author chooses", async () => {
    const book = await readXlsFormBook(
      await buildXlsx({
        survey: [
          ["type", "name", "label"],
          ["text", null, "Who?"],
        ],
      }),
    );
    expect(importXlsForm(book, "F")).toMatchObject({
      ok: false,
      issues: [{ sheet: "survey", row: 2, column: "name", key: "fields:invalidFieldName" }],
    });
  });

  it("writes a comparison with an option its list lacks as its constant, as ODK evaluates it", async () => {
    const result = await imported(
      [
        ["type", "name", "label", "relevant"],
        ["select_one kinds", "kind", "Kind", null],
        ["text", "a", "A", "selected(${kind}, 'historic') or ${kind} = 'shop'"],
        ["text", "b", "B", "${kind} != 'gone' and 'gone' = ${kind}"],
        ["text", "c", "C", "not(selected( ${kind} ,'gone'))"],
      ],
      [
        ["list_name", "name", "label"],
        ["kinds", "shop", "Shop"],
        ["kinds", "other", "historic"],
      ],
    );
    // `historic` is a label here, not a name: ODK's comparison with it never matches, and neither does Campo's.
    expect(fieldOf(result, "a")?.config).toMatchObject({ relevant: "false or ${kind} = 'Shop'" });
    expect(fieldOf(result, "b")?.config).toMatchObject({ relevant: "true and false" });
    expect(fieldOf(result, "c")?.config).toMatchObject({ relevant: "not(false)" });
    const notice = (row: number, option: string) => ({
      sheet: "survey",
      row,
      column: "relevant",
      key: "xlsform:issues.optionNotInList",
      params: { option },
    });
    expect(result.notes).toEqual([notice(3, "historic"), notice(4, "gone"), notice(5, "gone")]);
  });

  it("reads ODK's selected(${q}, '') as nothing selected", async () => {
    const result = await imported(
      [
        ["type", "name", "label", "relevant"],
        ["select_one kinds", "kind", "Kind", null],
        ["text", "why", "Why no answer?", "selected(${kind},'')"],
      ],
      [
        ["list_name", "name", "label"],
        ["kinds", "shop", "Shop"],
      ],
    );
    expect(fieldOf(result, "why")?.config).toMatchObject({ relevant: "${kind} = ''" });
    expect(result.notes).toBeUndefined();
  });

  it("tells options with one label apart by adding the later one's name", async () => {
    const result = await imported(
      [
        ["type", "name", "label", "relevant"],
        ["select_one care", "care", "Care", null],
        ["note", "n", "Chemist chosen", "${care} = 'chemist'"],
      ],
      [
        ["list_name", "name", "label"],
        ["care", "pharmacy", "Pharmacy"],
        ["care", "chemist", "pharmacy "],
        ["care", "doctor", "Doctors"],
        ["care", "doctors", "Doctors"],
      ],
    );
    expect(fieldOf(result, "care")?.config).toMatchObject({
      options: ["Pharmacy", "pharmacy (chemist)", "Doctors", "Doctors (doctors)"],
    });
    // What compared with the option's name now compares with its own label.
    expect(fieldOf(result, "n")?.config).toMatchObject({ relevant: "${care} = 'pharmacy (chemist)'" });
    expect(result.notes).toEqual([
      {
        sheet: "choices",
        row: 3,
        column: "label",
        key: "xlsform:issues.optionLabelRenamed",
        params: { from: "pharmacy", to: "pharmacy (chemist)" },
      },
      {
        sheet: "choices",
        row: 5,
        column: "label",
        key: "xlsform:issues.optionLabelRenamed",
        params: { from: "Doctors", to: "Doctors (doctors)" },
      },
    ]);
  });
});
