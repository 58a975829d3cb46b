import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";

/**
 * Counts one hit in the fixed window of `key` (a window older than windowMs starts over) in one statement, so
 * concurrent requests cannot all slip past a stale read. Returns the count and the window's start (ms).
 */
export async function countRateLimitHit(
  db: Db,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ count: number; windowStart: number }> {
  const [row] = await queryRows<{ count: number; window_start: string | number }>(
    db,
    sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${now - windowMs} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${now - windowMs} then ${now} else rate_limits.window_start end
    returning count, window_start`,
  );
  if (!row) throw new Error("rate_limits upsert returned no row");
  return { count: Number(row.count), windowStart: Number(row.window_start) };
}
