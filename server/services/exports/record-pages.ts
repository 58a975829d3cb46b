import type { Db } from "../../db/client.ts";
import type { SortKey } from "../../db/queries/record-expression.ts";
import {
  listExportPage,
  streamExportPage,
  type ExportCursor,
  type ExportPageShape,
  type ExportRow,
  type RecordQuery,
} from "../../db/queries/records.ts";
import { listedPages, SLICE, type PageSource } from "./export-stream.ts";

/**
 * Rows fetched per query while exporting. 1,000 measured fastest at 100k records (docs/benchmarks.md): larger pages
 * outlive V8's young generation, so every row is copied by the collector before it dies.
 */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Every matching record, oldest first or in the order of `sort` (after the record keyed `after` when given: the
 * OData feed's next page), with the answers of `fieldIds` in that order, one keyset page at a time.
 * The next page is requested as soon as the current one is handed out, so the database works while the caller
 * formats: at most two pages are held.
 */
export async function* recordPages(
  db: Db,
  query: RecordQuery,
  fieldIds: readonly string[],
  {
    pageSize = EXPORT_PAGE_SIZE,
    shape = "rows",
    after,
    sort = [],
  }: { pageSize?: number; shape?: ExportPageShape; after?: ExportCursor; sort?: readonly SortKey[] } = {},
): AsyncGenerator<ExportRow[]> {
  const fetchAfter = (after: ExportCursor | undefined) =>
    listExportPage(db, query, fieldIds, after, pageSize, shape, sort);
  let pending: Promise<ExportRow[]> | undefined = fetchAfter(after);
  while (pending) {
    const rows: ExportRow[] = await pending;
    const last = rows[rows.length - 1];
    pending = rows.length === pageSize && last ? fetchAfter(cursorAfter(last)) : undefined;
    // A prefetch the consumer never asks for (cancelled download) must not surface as an unhandled rejection.
    pending?.catch(() => undefined);
    if (rows.length > 0) yield rows;
  }
}

/** The cursor just after a row of a page. */
export function cursorAfter(row: ExportRow): ExportCursor {
  return { key: row.createdText, id: row.id, ...(row.sortValues ? { values: row.sortValues } : {}) };
}

/**
 * The export's records as a source of formatted pages. On rows (PostgreSQL) each row is formatted, a slice at a time,
 * as node-postgres parses it, and no page of rows is ever held: rows held for a page outlived two young-generation
 * collections and were promoted, and that old-generation garbage grew the server by 50–100 MB over the exports
 * (docs/decisions.md, session 37). The next page's query starts when a page ends, so at most one page of bytes
 * waits for the client while the next one is read. As JSON pages (PGlite) a page is one value, read whole.
 */
export function recordSource(
  db: Db,
  query: RecordQuery,
  fieldIds: readonly string[],
  shape: ExportPageShape,
  pageSize = EXPORT_PAGE_SIZE,
): PageSource<ExportRow> {
  if (shape === "json") return listedPages(recordPages(db, query, fieldIds, { pageSize, shape }));
  return async function* (format) {
    const read = (after: ExportCursor | undefined) => formattedPage(db, query, fieldIds, after, pageSize, format);
    let pending: Promise<FormattedPage> | undefined = read(undefined);
    while (pending) {
      const { bytes, count, last }: FormattedPage = await pending;
      pending = count === pageSize && last ? read(cursorAfter(last)) : undefined;
      // As in recordPages: a page read ahead for a download that was cancelled must not reject unhandled.
      pending?.catch(() => undefined);
      if (bytes.length > 0) yield bytes;
    }
  };
}

interface FormattedPage {
  bytes: Buffer;
  count: number;
  last: ExportRow | undefined;
}

async function formattedPage(
  db: Db,
  query: RecordQuery,
  fieldIds: readonly string[],
  after: ExportCursor | undefined,
  pageSize: number,
  format: (rows: ExportRow[]) => string,
): Promise<FormattedPage> {
  const parts: Buffer[] = [];
  let slice: ExportRow[] = [];
  let last: ExportRow | undefined;
  const flush = () => {
    parts.push(Buffer.from(format(slice), "utf8"));
    slice = [];
  };
  const count = await streamExportPage(db, query, fieldIds, after, pageSize, (row) => {
    slice.push(row);
    last = row;
    if (slice.length === SLICE) flush();
  });
  if (slice.length > 0) flush();
  return { bytes: Buffer.concat(parts), count, last };
}
