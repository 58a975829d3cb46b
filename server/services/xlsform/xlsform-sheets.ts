import ExcelJS from "exceljs";
import { XLSFORM_SHEETS, type XlsFormSheet } from "../../../shared/xlsform/xlsform-issues.ts";
import { columnKey } from "./xlsform-aliases.ts";
import { booleanText, dateKindOfFormat, dateText, numberText, serialToDate } from "./spreadsheet-values.ts";

export { columnKey };

/** One spreadsheet row: its number as the spreadsheet shows it and its non-blank cells by column key. */
export interface SheetRow {
  row: number;
  cells: ReadonlyMap<string, string>;
}

/** A sheet read as a table: column keys (see `columnKey`) with the header as written, and its data rows. */
export interface Sheet {
  headers: ReadonlyMap<string, string>;
  rows: readonly SheetRow[];
}

export type XlsFormBook = Partial<Record<XlsFormSheet, Sheet>>;

export function cell(row: SheetRow, key: string): string {
  return row.cells.get(key) ?? "";
}

/** A cell's text as the author means it: dates as ISO text, numbers with Excel's 15 digits (spreadsheet-values.ts). */
function cellText(source: ExcelJS.Cell, date1904: boolean): string {
  const value = source.type === ExcelJS.ValueType.Formula ? source.result : source.value;
  const dateKind = dateKindOfFormat(source.numFmt ?? "");
  if (value instanceof Date) return dateText(value, dateKind, date1904);
  // A formula's result stays a day number even under a date format.
  if (typeof value === "number")
    return dateKind ? dateText(serialToDate(value, date1904), dateKind, date1904) : numberText(value);
  if (typeof value === "boolean") return booleanText(value);
  return source.text;
}

function readSheet(worksheet: ExcelJS.Worksheet, date1904: boolean): Sheet {
  const headers = new Map<string, string>();
  const byColumn = new Map<number, string>();
  worksheet.getRow(1).eachCell((headerCell, column) => {
    const header = cellText(headerCell, date1904).trim();
    if (header === "") return;
    const key = columnKey(header);
    // A repeated column is read once, from its first occurrence (as pyxform does).
    if (headers.has(key)) return;
    headers.set(key, header);
    byColumn.set(column, key);
  });
  const rows: SheetRow[] = [];
  worksheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells = new Map<string, string>();
    row.eachCell((valueCell, column) => {
      const key = byColumn.get(column);
      const text = cellText(valueCell, date1904).trim();
      if (key !== undefined && text !== "") cells.set(key, text);
    });
    if (cells.size > 0) rows.push({ row: number, cells });
  });
  return { headers, rows };
}

/** The workbook's `survey`, `choices` and `settings` sheets (names compared case-insensitively); throws on a file that is no workbook. */
export async function readXlsFormBook(bytes: Uint8Array): Promise<XlsFormBook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  const book: XlsFormBook = {};
  for (const worksheet of workbook.worksheets) {
    const name = XLSFORM_SHEETS.find((sheet) => sheet === worksheet.name.trim().toLowerCase());
    if (name !== undefined && book[name] === undefined)
      book[name] = readSheet(worksheet, workbook.properties.date1904 === true);
  }
  return book;
}

/** A sheet to write: its columns, then one row of cells per entry (missing keys stay blank). */
export interface SheetToWrite {
  name: XlsFormSheet;
  columns: readonly string[];
  rows: readonly Readonly<Record<string, string | number>>[];
}

export async function writeXlsFormBook(sheets: readonly SheetToWrite[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.addRow([...sheet.columns]);
    worksheet.getRow(1).font = { bold: true };
    for (const row of sheet.rows) worksheet.addRow(sheet.columns.map((column) => row[column] ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
