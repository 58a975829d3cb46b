/**
 * The CSV export of a form with repeats: a ZIP holding the main CSV and one CSV per repeat (ODK and Kobo do the
 * same), written by our streaming ZipWriter as the client reads, one page at a time.
 */
import type { ExportRow } from "../../db/queries/records.ts";
import type { ExportColumn } from "./export-columns.ts";
import { pullStream, textParts, type PageSource } from "./export-stream.ts";
import type { RepeatTable } from "./repeat-tables.ts";
import { csvExport, type CsvDialect } from "./text-exports.ts";
import { ZipWriter } from "./zip-writer.ts";

async function* csvZipBytes(
  fileBase: string,
  pages: PageSource<ExportRow>,
  columns: ExportColumn[],
  repeats: RepeatTable[],
  dialect: CsvDialect,
): AsyncGenerator<Uint8Array> {
  const zip = new ZipWriter();
  yield* zip.entry(`${fileBase}.csv`, textParts(pages, csvExport(columns, dialect)));
  // Repeat names are unique case-insensitively, so the file names are too (on case-blind file systems as well).
  for (const table of repeats)
    yield* zip.entry(`${fileBase}-${table.repeat.name}.csv`, textParts(table.pages, csvExport(table.columns, dialect)));
  yield zip.finish();
}

export function csvZipStream(
  fileBase: string,
  pages: PageSource<ExportRow>,
  columns: ExportColumn[],
  repeats: RepeatTable[],
  dialect: CsvDialect,
): ReadableStream<Uint8Array> {
  return pullStream(csvZipBytes(fileBase, pages, columns, repeats, dialect));
}
