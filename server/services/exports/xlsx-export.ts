/**
 * The Excel export, written by hand as SpreadsheetML inside a streamed ZIP: one sheet row per record (and a sheet
 * per repeat, one row per entry), typed cells
 * (numbers as numbers, dates and instants as date cells in the reader's format), text as inline strings. No
 * cell is ever a formula (there is no <f> here), so "=1+1" stays text. One page of records becomes one deflated
 * chunk only when the client asked for more, so memory holds a page whatever the number of records.
 */
import type { ExportRow } from "../../db/queries/records.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import type { ColumnValue, ExportColumn } from "./export-columns.ts";
import { pullStream, type PageSource } from "./export-stream.ts";
import { xmlText } from "./text-exports.ts";
import type { RepeatTable } from "./repeat-tables.ts";
import { columnLetters, SHEET_TAIL, sheetHead, sheetNames, workbookParts, XLSX_STYLE } from "./xlsx-parts.ts";
import { ZipWriter } from "./zip-writer.ts";

/** Excel's cell limit; longer text would make the file unreadable. */
const EXCEL_MAX_TEXT = 32767;
const MS_PER_DAY = 86_400_000;
/** Days from Excel's day 0 (1899-12-30) to 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25569;

function textCell(ref: string, text: string, style = ""): string {
  const clipped = text.length > EXCEL_MAX_TEXT ? text.slice(0, EXCEL_MAX_TEXT) : text;
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(clipped)}</t></is></c>`;
}

function dateCell(ref: string, epochMs: number, style: number): string {
  return `<c r="${ref}" s="${style}"><v>${epochMs / MS_PER_DAY + UNIX_EPOCH_SERIAL}</v></c>`;
}

function cell<Row>(column: ExportColumn<Row>, ref: string, value: ColumnValue): string {
  if (value === null) return "";
  if (typeof value === "number")
    return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : textCell(ref, String(value));
  if (typeof value !== "string") return dateCell(ref, value.date.getTime(), XLSX_STYLE.date);
  if (column.kind === "instant") return dateCell(ref, Date.parse(value), XLSX_STYLE.instant);
  return textCell(ref, value);
}

async function* sheetXml<Row>(pages: PageSource<Row>, columns: ExportColumn<Row>[]): AsyncGenerator<string | Buffer> {
  const lettered = columns.map((column, i) => ({ column, letters: columnLetters(i) }));
  const widths = columns.map((column) => Math.min(Math.max(column.header.length + 2, 12), 50));
  const header = lettered
    .map(({ column, letters }) => textCell(`${letters}1`, column.header, ` s="${XLSX_STYLE.header}"`))
    .join("");
  yield `${sheetHead(widths)}<row r="1">${header}</row>`;
  let rowNumber = 1;
  const rowsXml = (rows: Row[]) => {
    let xml = "";
    for (const row of rows) {
      rowNumber++;
      xml += `<row r="${rowNumber}">`;
      for (const { column, letters } of lettered) xml += cell(column, `${letters}${rowNumber}`, column.value(row));
      xml += "</row>";
    }
    return xml;
  };
  yield* pages(rowsXml);
  yield SHEET_TAIL;
}

async function* workbookBytes<Row>(
  pages: PageSource<Row>,
  columns: ExportColumn<Row>[],
  repeats: RepeatTable[],
  language: Language,
  sheetName: string,
): AsyncGenerator<Uint8Array> {
  const zip = new ZipWriter();
  const names = sheetNames([sheetName, ...repeats.map((table) => table.repeat.label)]);
  for (const [path, content] of workbookParts(names, language)) yield* zip.entry(path, [content]);
  yield* zip.entry("xl/worksheets/sheet1.xml", sheetXml(pages, columns));
  for (const [i, table] of repeats.entries())
    yield* zip.entry(`xl/worksheets/sheet${i + 2}.xml`, sheetXml(table.pages, table.columns));
  yield zip.finish();
}

/** The records sheet, then one sheet per repeat (one row per entry, keyed by record id and entry index). */
export function xlsxExportStream<Row = ExportRow>(
  pages: PageSource<Row>,
  columns: ExportColumn<Row>[],
  repeats: RepeatTable[],
  language: Language,
  sheetName: string,
): ReadableStream<Uint8Array> {
  return pullStream(workbookBytes(pages, columns, repeats, language, sheetName));
}
