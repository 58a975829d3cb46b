import type { Db } from "../../db/client.ts";
import { listRecordPage, type RecordQuery, type RecordRow } from "../../db/queries/records.ts";

/** Rows fetched per query while exporting: large enough to amortise the round trip, small enough to keep memory flat. */
export const EXPORT_PAGE_SIZE = 2000;

/** Every matching record, oldest first, one keyset page at a time: only one page is ever held. */
export async function* recordPages(db: Db, query: RecordQuery, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<RecordRow[]> {
  let after: { key: string; id: string } | undefined;
  for (;;) {
    const rows = await listRecordPage(db, query, { sort: "createdAt", order: "asc", after, limit: pageSize });
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { key: last.sortKey, id: last.id };
  }
}
