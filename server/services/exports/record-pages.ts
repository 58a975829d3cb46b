import type { Db } from "../../db/client.ts";
import { listRecordPage, type RecordQuery, type RecordRow } from "../../db/queries/records.ts";

/** Rows fetched per query while exporting: large enough to amortise the round trip, small enough to keep memory flat. */
export const EXPORT_PAGE_SIZE = 2000;

/**
 * Every matching record, oldest first, one keyset page at a time. The next page is requested as soon as the
 * current one is handed out, so the database works while the caller formats: at most two pages are held.
 */
export async function* recordPages(db: Db, query: RecordQuery, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<RecordRow[]> {
  const fetchAfter = (after: { key: string; id: string } | undefined) => listRecordPage(db, query, { sort: "createdAt", order: "asc", after, limit: pageSize });
  let pending: Promise<RecordRow[]> | undefined = fetchAfter(undefined);
  while (pending) {
    const rows: RecordRow[] = await pending;
    const last = rows[rows.length - 1];
    pending = rows.length === pageSize && last ? fetchAfter({ key: last.sortKey, id: last.id }) : undefined;
    // A prefetch the consumer never asks for (cancelled download) must not surface as an unhandled rejection.
    pending?.catch(() => undefined);
    if (rows.length > 0) yield rows;
  }
}
