import { describe, expect, it } from "vitest";
import { buildXls } from "../../test-support/xls-books.ts";
import { buildXlsx, HOUSEHOLD_FIELDS, HOUSEHOLD_SURVEY } from "../../test-support/xlsform-books.ts";
import { readXlsFormBookSafely } from "./xlsform-book-reading.ts";
import { importXlsForm } from "./xlsform-import.ts";
import { readXlsFormBook, type Sheet } from "./xlsform-sheets.ts";

const rowsOf = (sheet: Sheet | undefined) => sheet?.rows.map((row) => Object.fromEntries(row.cells)) ?? [];

describe("legacy .xls workbooks (BIFF8)", () => {
  it("import as the same form as the .xlsx of the same sheets", async () => {
    for (const inlineStrings of [false, true]) {
      const fromXls = importXlsForm(await readXlsFormBook(buildXls(HOUSEHOLD_SURVEY, { inlineStrings })), "x");
      const fromXlsx = importXlsForm(await readXlsFormBook(await buildXlsx(HOUSEHOLD_SURVEY)), "x");
      assertOk(fromXls);
      expect(fromXls.form.fields.map((f) => [f.name, f.fieldType, f.parentName])).toEqual(HOUSEHOLD_FIELDS);
      expect(fromXls).toEqual(fromXlsx);
    }
  });

  it("read each kind of cell as the text the author means", async () => {
    const long = `${"Pergunta longa — ".repeat(600)}fim`;
    const book = await readXlsFormBook(
      buildXls({
        Survey: [
          ["type", "name", "label", "default", "required"],
          ["date", "d", "Data", { value: new Date(Date.UTC(2026, 2, 1)), numFmt: "dd/mm/yyyy" }, true],
          ["date", "b", "Built-in", { value: new Date(Date.UTC(2025, 11, 24)), numFmt: "m/d/yy" }, false],
          ["time", "t", "Hora", { value: 9.5 / 24, numFmt: "h:mm" }, null],
          ["text", "s", "Stamp", { value: new Date(Date.UTC(2026, 2, 1, 8, 5)), numFmt: "yyyy-mm-dd hh:mm" }, null],
          ["decimal", "n", "Número", 0.1 + 0.2, null],
          ["integer", "i", long, 12, null],
          ["calculate", "c", null, { formulaText: "concat('a', 'b')" }, null],
        ],
        choices: [
          ["list_name", "name", "label", "weight"],
          ["l", 1, 2, 3.25],
          ["l", -7, 1e9, 12.5],
        ],
      }),
    );
    expect(rowsOf(book.survey)).toEqual([
      { type: "date", name: "d", label: "Data", default: "2026-03-01", required: "TRUE" },
      { type: "date", name: "b", label: "Built-in", default: "2025-12-24", required: "FALSE" },
      { type: "time", name: "t", label: "Hora", default: "09:30" },
      { type: "text", name: "s", label: "Stamp", default: "2026-03-01T08:05" },
      { type: "decimal", name: "n", label: "Número", default: "0.3" },
      { type: "integer", name: "i", label: long, default: "12" },
      { type: "calculate", name: "c", default: "concat('a', 'b')" },
    ]);
    expect(rowsOf(book.choices)).toEqual([
      { list_name: "l", name: "1", label: "2", weight: "3.25" },
      { list_name: "l", name: "-7", label: "1000000000", weight: "12.5" },
    ]);
  });

  it("read dates of the 1904 date system", async () => {
    const book = await readXlsFormBook(
      buildXls(
        {
          survey: [
            ["type", "name", "default"],
            ["date", "d", { value: new Date(Date.UTC(2026, 2, 1)), numFmt: "yyyy-mm-dd" }],
          ],
        },
        { date1904: true },
      ),
    );
    expect(rowsOf(book.survey)).toEqual([{ type: "date", name: "d", default: "2026-03-01" }]);
  });

  it("are refused with 'save as .xlsx' when older than Excel 97 or protected by a password", async () => {
    const sheets = {
      survey: [
        ["type", "name"],
        ["text", "t"],
      ],
    };
    expect(await readXlsFormBookSafely(buildXls(sheets, { excel95: true }))).toEqual({
      ok: false,
      reason: "legacyXls",
    });
    expect(await readXlsFormBookSafely(buildXls(sheets, { password: true }))).toEqual({
      ok: false,
      reason: "legacyXls",
    });
  });

  it("are refused as unreadable when the compound file holds no workbook or a cut one", async () => {
    const sheets = {
      survey: [
        ["type", "name"],
        ["text", "t"],
      ],
    };
    const whole = buildXls(sheets);
    expect(await readXlsFormBookSafely(whole.subarray(0, 600))).toEqual({ ok: false, reason: "unreadable" });
    const notWorkbook = Buffer.from(whole);
    // The directory entry's name, "Workbook" in UTF-16: renamed, the file is a compound file of something else.
    const name = Buffer.from("Workbook", "utf16le");
    notWorkbook.set(Buffer.from("Document", "utf16le"), notWorkbook.indexOf(name));
    expect(await readXlsFormBookSafely(notWorkbook)).toEqual({ ok: false, reason: "unreadable" });
  });
});

function assertOk<T extends { ok: boolean }>(result: T): asserts result is T & { ok: true } {
  if (!result.ok) throw new Error(JSON.stringify(result));
}
