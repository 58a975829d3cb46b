import { Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { ExportRow } from "../../db/queries/records.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import type { ColumnValue, ExportColumn } from "./export-columns.ts";

/** Excel's cell limit; longer text would make the file unreadable. */
const EXCEL_MAX_TEXT = 32767;

const DATE_FORMATS: Record<Language, { date: string; instant: string }> = {
  "pt-BR": { date: "dd/mm/yyyy", instant: "dd/mm/yyyy hh:mm" },
  es: { date: "dd/mm/yyyy", instant: "dd/mm/yyyy hh:mm" },
  en: { date: "mm/dd/yyyy", instant: "mm/dd/yyyy hh:mm" },
};

/**
 * Typed cells: numbers as numbers, dates and instants as date cells. Text is always a plain string cell — exceljs
 * writes a formula only for `{ formula }` values, so "=1+1" stays text and never runs.
 */
function cellValue(column: ExportColumn, value: ColumnValue): string | number | Date | null {
  if (value === null || typeof value === "number") return value;
  if (typeof value !== "string") return value.date;
  if (column.kind === "instant") return new Date(value);
  return value.length > EXCEL_MAX_TEXT ? value.slice(0, EXCEL_MAX_TEXT) : value;
}

function columnStyle(column: ExportColumn, language: Language): Partial<ExcelJS.Style> | undefined {
  if (column.kind === "instant") return { numFmt: DATE_FORMATS[language].instant };
  if (column.kind === "date") return { numFmt: DATE_FORMATS[language].date };
  return undefined;
}

/**
 * The workbook is written by exceljs' streaming writer into a sink that hands bytes to the response stream and
 * holds exceljs back (the write callback waits) while the client is not reading; rows are added one page at a
 * time and only after the previous page's bytes were taken.
 */
export function xlsxExportStream(pages: AsyncGenerator<ExportRow[]>, columns: ExportColumn[], language: Language, sheetName: string): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let heldWrite: (() => void) | null = null;
  let demandWaiters: (() => void)[] = [];
  let cancelled = false;

  const release = () => {
    const write = heldWrite;
    heldWrite = null;
    write?.();
    const waiters = demandWaiters;
    demandWaiters = [];
    for (const resolve of waiters) resolve();
  };
  const demand = () => (heldWrite === null ? Promise.resolve() : new Promise<void>((resolve) => demandWaiters.push(resolve)));

  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (cancelled) return callback();
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if ((controller.desiredSize ?? 1) > 0) callback();
      else heldWrite = () => callback();
    },
    final(callback) {
      if (!cancelled) controller.close();
      callback();
    },
  });

  async function produce(): Promise<void> {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, " ") || "Campo");
    sheet.columns = columns.map((column) => ({ header: column.header, width: Math.min(Math.max(column.header.length + 2, 12), 50), style: columnStyle(column, language) }));
    for await (const rows of pages) {
      if (cancelled) return;
      for (const row of rows) sheet.addRow(columns.map((column) => cellValue(column, column.value(row)))).commit();
      await demand();
    }
    sheet.commit();
    await workbook.commit();
  }

  return new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        produce().catch((error: unknown) => {
          if (!cancelled) controller.error(error);
        });
      },
      pull() {
        release();
      },
      async cancel() {
        cancelled = true;
        release();
        await pages.return(undefined);
      },
    },
    { highWaterMark: 4 },
  );
}
