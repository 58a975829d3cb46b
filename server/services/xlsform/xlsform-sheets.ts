import ExcelJS from "exceljs";
import { XLSFORM_SHEETS, type XlsFormSheet } from "../../../shared/xlsform/xlsform-issues.ts";

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

/** Older spellings pyxform still accepts. */
const COLUMN_ALIASES: Readonly<Record<string, string>> = {
  "list name": "list_name",
  "jr:constraintmsg": "constraint_message",
  "jr:requiredmsg": "required_message",
};

/** A header's lookup key: trimmed, lower case, aliases resolved; the language part (`::English (en)`) is kept. */
export function columnKey(header: string): string {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/\s*::\s*/, "::");
  return COLUMN_ALIASES[key] ?? key;
}

export function cell(row: SheetRow, key: string): string {
  return row.cells.get(key) ?? "";
}

function readSheet(worksheet: ExcelJS.Worksheet): Sheet {
  const headers = new Map<string, string>();
  const byColumn = new Map<number, string>();
  worksheet.getRow(1).eachCell((headerCell, column) => {
    const header = headerCell.text.trim();
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
      const text = valueCell.text.trim();
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
    if (name !== undefined && book[name] === undefined) book[name] = readSheet(worksheet);
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
