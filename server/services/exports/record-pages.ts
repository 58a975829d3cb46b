import type { Db } from "../../db/client.ts";
import type { SortKey } from "../../db/queries/record-expression.ts";
import {
  listExportPage,
  type ExportCursor,
  type ExportPageShape,
  type ExportRow,
  type RecordQuery,
} from "../../db/queries/records.ts";

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
