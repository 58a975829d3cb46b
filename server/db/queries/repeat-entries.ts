import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";
import { recordConditions, type RecordQuery } from "./records.ts";

/** How many entries a repeat holds over the matching records (objects in its list, as repeatEntries reads them). */
export async function countRepeatEntries(db: Db, query: RecordQuery, repeatId: string): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select coalesce(sum((select count(*) from jsonb_array_elements(s.answers -> ${repeatId}::text) e
                              where jsonb_typeof(e) = 'object')), 0)::int as total
        from form_submissions s
        where ${recordConditions(query)} and jsonb_typeof(s.answers -> ${repeatId}::text) = 'array'`,
  );
  return row?.total ?? 0;
}
