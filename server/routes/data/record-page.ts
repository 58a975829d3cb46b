import type { Db } from "../../db/client.ts";
import { countRecords, listRecordPage, type RecordQuery, type RecordRow } from "../../db/queries/records.ts";
import { isTimestampText } from "../../db/timestamp-text.ts";
import { ApiError } from "../../lib/api-error.ts";
import { parseWith } from "../../lib/validation.ts";
import { recordPageQuerySchema } from "../../../shared/records/record-view.ts";
import { decodeCursor, encodeCursor } from "./record-cursor.ts";

const PAGE_PARAMS = ["cursor", "limit", "sort", "order"] as const;

/** One keyset page of the query (cursor, limit, sort, order from the search parameters) and the filtered total. */
export async function readRecordPage(
  db: Db,
  query: RecordQuery,
  params: URLSearchParams,
): Promise<{ records: RecordRow[]; nextCursor: string | null; total: number }> {
  const page = parseWith(
    recordPageQuerySchema,
    Object.fromEntries(PAGE_PARAMS.flatMap((name) => (params.has(name) ? [[name, params.get(name)]] : []))),
  );
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  if (after && page.sort === "createdAt" && !isTimestampText(after.key)) {
    throw new ApiError("VALIDATION_FAILED", "Invalid cursor", [
      { param: "cursor", message: "Not a cursor this API gave" },
    ]);
  }
  const [rows, total] = await Promise.all([
    listRecordPage(db, query, { sort: page.sort, order: page.order, after, limit: page.limit + 1 }),
    countRecords(db, query),
  ]);
  const hasMore = rows.length > page.limit;
  const records = hasMore ? rows.slice(0, page.limit) : rows;
  const last = records[records.length - 1];
  return { records, nextCursor: hasMore && last ? encodeCursor(last.sortKey, last.id) : null, total };
}
