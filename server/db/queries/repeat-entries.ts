import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";
import { recordConditions, type RecordQuery } from "./records.ts";

const asList = (value: SQL) => sql`(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end)`;

/**
 * How many entries a repeat holds over the matching records (objects in its list, as repeatEntries reads them).
 * `chain` names the repeats from the top level down to the counted one: an inner repeat's entries are counted in
 * every entry of its parents.
 */
export async function countRepeatEntries(db: Db, query: RecordQuery, chain: readonly string[]): Promise<number> {
  let from = sql`form_submissions s`;
  let holder = sql`s.answers`;
  chain.forEach((repeatId, level) => {
    const entry = sql.raw(`e${level}`);
    from = sql`${from} cross join lateral jsonb_array_elements(${asList(sql`${holder} -> ${repeatId}::text`)}) ${entry}`;
    holder = sql`${entry}.value`;
  });
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${from} where ${recordConditions(query)} and jsonb_typeof(${holder}) = 'object'`,
  );
  return row?.total ?? 0;
}
