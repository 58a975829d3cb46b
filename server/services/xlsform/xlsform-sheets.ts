import type ExcelJS from "exceljs";
import { loadExcelJS } from "../../lib/exceljs-module.ts";
import { XLSFORM_SHEETS, type XlsFormSheet } from "../../../shared/xlsform/xlsform-issues.ts";
import { columnKey } from "./xlsform-aliases.ts";
import { booleanText, dateKindOfFormat, dateText, numberText, serialToDate } from "./spreadsheet-values.ts";
import { isCompoundFile, readXlsSheets } from "./xls-book.ts";
import { loadXlsxWorkbook, shownText } from "./xlsx-workbook.ts";

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
function cellText(source: ExcelJS.Cell, date1904: boolean, types: typeof ExcelJS.ValueType): string {
  const value = source.type === types.Formula ? source.result : source.value;
  const dateKind = dateKindOfFormat(source.numFmt ?? "");
  if (value instanceof Date) return dateText(value, dateKind, date1904);
  // A formula's result stays a day number even under a date format.
  if (typeof value === "number")
    return dateKind ? dateText(serialToDate(value, date1904), dateKind, date1904) : numberText(value);
  if (typeof value === "boolean") return booleanText(value);
  return shownText(source);
}

/** A sheet's cell texts by row and column number (both from 1, as the spreadsheet shows them). */
export type CellGrid = ReadonlyMap<number, ReadonlyMap<number, string>>;

/** The grid as a table: the first row's headers name the columns, blank cells and rows are left out. */
function sheetFromGrid(grid: CellGrid): Sheet {
  const headers = new Map<string, string>();
  const byColumn = new Map<number, string>();
  for (const [column, text] of [...(grid.get(1) ?? [])].sort(([a], [b]) => a - b)) {
    const header = text.trim();
    if (header === "") continue;
    const key = columnKey(header);
    // A repeated column is read once, from its first occurrence (as pyxform does).
    if (headers.has(key)) continue;
    headers.set(key, header);
    byColumn.set(column, key);
  }
  const rows: SheetRow[] = [];
  for (const [number, row] of [...grid].sort(([a], [b]) => a - b)) {
    if (number === 1) continue;
    const cells = new Map<string, string>();
    for (const [column, value] of [...row].sort(([a], [b]) => a - b)) {
      const key = byColumn.get(column);
      const text = value.trim();
      if (key !== undefined && text !== "") cells.set(key, text);
    }
    if (cells.size > 0) rows.push({ row: number, cells });
  }
  return { headers, rows };
}

function worksheetGrid(worksheet: ExcelJS.Worksheet, date1904: boolean, types: typeof ExcelJS.ValueType): CellGrid {
  const grid = new Map<number, Map<number, string>>();
  worksheet.eachRow((row, number) => {
    const cells = new Map<number, string>();
    row.eachCell((valueCell, column) => cells.set(column, cellText(valueCell, date1904, types)));
    grid.set(number, cells);
  });
  return grid;
}

/**
 * The `survey`, `choices`, `settings` and `external_choices` sheets among a workbook's (names compared
 * case-insensitively, first wins). A sheet without a header row is as good as absent (a blank `choices` sheet left in
 * a template); a workbook of one sheet not named as one of them (`Sheet1`) is its survey, as pyxform reads it.
 */
function xlsFormSheets(sheets: readonly { name: string; cells: () => CellGrid }[]): XlsFormBook {
  const book: XlsFormBook = {};
  for (const sheet of sheets) {
    const name = XLSFORM_SHEETS.find((candidate) => candidate === sheet.name.trim().toLowerCase());
    if (name === undefined || book[name] !== undefined) continue;
    const read = sheetFromGrid(sheet.cells());
    if (read.headers.size > 0) book[name] = read;
  }
  const [lone] = sheets;
  if (sheets.length === 1 && lone !== undefined && Object.keys(book).length === 0)
    book.survey = sheetFromGrid(lone.cells());
  return book;
}

/**
 * The workbook's XLSForm sheets, from an .xlsx or a legacy .xls (xls-book.ts); throws on a file that is neither
 * (LegacyXlsFile for an .xls older than Excel 97 or protected by a password).
 */
export async function readXlsFormBook(bytes: Uint8Array): Promise<XlsFormBook> {
  if (isCompoundFile(bytes)) return xlsFormSheets(readXlsSheets(bytes));
  const workbook = await loadXlsxWorkbook(bytes);
  const date1904 = workbook.properties.date1904 === true;
  const types = (await loadExcelJS()).ValueType;
  return xlsFormSheets(
    workbook.worksheets.map((worksheet) => ({
      name: worksheet.name,
      cells: () => worksheetGrid(worksheet, date1904, types),
    })),
  );
}

/** A sheet to write: its columns, then one row of cells per entry (missing keys stay blank). */
export interface SheetToWrite {
  name: XlsFormSheet;
  columns: readonly string[];
  rows: readonly Readonly<Record<string, string | number>>[];
}

export async function writeXlsFormBook(sheets: readonly SheetToWrite[]): Promise<Buffer> {
  const workbook = new (await loadExcelJS()).Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.addRow([...sheet.columns]);
    worksheet.getRow(1).font = { bold: true };
    for (const row of sheet.rows) worksheet.addRow(sheet.columns.map((column) => row[column] ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
