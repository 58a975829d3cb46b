import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { cell, readXlsFormBook } from "./xlsform-sheets.ts";

describe("reading .xlsx workbooks", () => {
  it("reads a workbook whose notes LibreOffice wrote (their shapes hold an attribute twice)", async () => {
    // Cadasta's questionnaire carries a note on B27, saved by LibreOffice (test-support/xlsform-corpus/README.md).
    const file = join(
      import.meta.dirname,
      "../../test-support/xlsform-corpus/cadasta/standard_cadasta_questionnaire.xlsx",
    );
    const book = await readXlsFormBook(readFileSync(file));
    const row = book.survey?.rows.find((candidate) => candidate.row === 27);
    expect(row && cell(row, "name")).toBe("location_attributes");
  });

  it("reads a link whose text is partly formatted as the text it shows", async () => {
    const workbook = new ExcelJS.Workbook();
    const survey = workbook.addWorksheet("survey");
    survey.addRow(["type", "name", "label"]);
    // ExcelJS types a link's text as a string, but workbooks hold rich text there too.
    const link = {
      text: {
        richText: [
          { text: "Read [the guide](" },
          { font: { bold: true }, text: "https://example.org" },
          { text: ")." },
        ],
      },
      hyperlink: "https://example.org",
    };
    survey.addRow(["note", "docs", null]).getCell(3).value = link as unknown as ExcelJS.CellHyperlinkValue;
    const book = await readXlsFormBook(Buffer.from(await workbook.xlsx.writeBuffer()));
    const row = book.survey?.rows[0];
    expect(row && cell(row, "label")).toBe("Read [the guide](https://example.org).");
  });

  it("reads a merged range's value in its first cell only, as pyxform does", async () => {
    const workbook = new ExcelJS.Workbook();
    const survey = workbook.addWorksheet("survey");
    survey.addRow(["type", "name", "label", "hint", "required_message"]);
    survey.addRow(["text", "village", "Village", null, null]);
    survey.addRow(["note", "welcome", "Welcome", null, null]);
    survey.mergeCells("C2:D2");
    survey.mergeCells("D3:E3");
    const book = await readXlsFormBook(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(book.survey?.rows.map((row) => Object.fromEntries(row.cells))).toEqual([
      { type: "text", name: "village", label: "Village" },
      { type: "note", name: "welcome", label: "Welcome" },
    ]);
  });

  it("reads a form whose whole columns are validated or merged without expanding them", async () => {
    // Survey123's templates validate whole columns; ExcelJS made a million cells of each range and held the event
    // loop for minutes (a merge over whole columns did the same). This test would time out on that reading.
    const bytes = await villageForm((survey) => {
      // ExcelJS has the sheet's validations but leaves them out of its typings.
      const { dataValidations } = survey as unknown as { dataValidations: ValidationsOfSheet };
      for (const column of ["A", "B", "C"])
        dataValidations.add(`${column}2:${column}1048576`, {
          type: "list",
          allowBlank: true,
          formulae: ['"text,integer,note"'],
        });
    }, '<mergeCells count="1"><mergeCell ref="D1:XFD1048576"/></mergeCells>');

    const book = await readXlsFormBook(bytes);

    expect(book.survey?.rows.map((row) => Object.fromEntries(row.cells))).toEqual([
      { type: "text", name: "village", label: "Village" },
    ]);
  });

  it("reads a form whose conditional formatting names a style the workbook does not define", async () => {
    const bytes = await villageForm(
      () => {},
      '<conditionalFormatting sqref="A1:C9"><cfRule type="containsBlanks" dxfId="0" priority="1">' +
        "<formula>LEN(TRIM(A1))=0</formula></cfRule></conditionalFormatting>",
    );

    const book = await readXlsFormBook(bytes);

    expect(book.survey?.rows.map((row) => cell(row, "name"))).toEqual(["village"]);
  });
});

interface ValidationsOfSheet {
  add: (range: string, validation: ExcelJS.DataValidation) => void;
}

/**
 * A one-question form as ExcelJS writes it after `prepare` has set its survey sheet up, with `sheetXml` placed after
 * that sheet's cells: the parts ExcelJS would not write itself.
 */
async function villageForm(prepare: (survey: ExcelJS.Worksheet) => void, sheetXml: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const survey = workbook.addWorksheet("survey");
  survey.addRow(["type", "name", "label"]);
  survey.addRow(["text", "village", "Village"]);
  prepare(survey);
  const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
  const sheet = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
  zip.file("xl/worksheets/sheet1.xml", sheet.replace("</sheetData>", `</sheetData>${sheetXml}`));
  return Buffer.from(await zip.generateAsync({ type: "uint8array" }));
}
