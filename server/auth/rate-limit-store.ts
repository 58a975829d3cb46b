import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { queryRows } from "../db/query-rows.ts";
import { requireRow } from "../db/require-row.ts";

export interface RateLimitRule {
  window: number;
  max: number;
}

/**
 * Fixed-window counter kept in Postgres so every API process shares it. Check and increment are one statement,
 * so concurrent requests cannot all slip past a stale read.
 */
export function createRateLimitStore(db: Db) {
  return {
    async consume(key: string, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfter: number | null }> {
      const now = Date.now();
      const windowMs = rule.window * 1000;
      const [row] = await queryRows<{ count: number; window_start: string | number }>(
        db,
        sql`
        insert into rate_limits (key, count, window_start) values (${key}, 1, ${now})
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${now - windowMs} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${now - windowMs} then ${now} else rate_limits.window_start end
        returning count, window_start`,
      );
      const { count: stored, window_start: windowStart } = requireRow(row, "count rate limit");
      const count = Number(stored);
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((Number(windowStart) + windowMs - now) / 1000)) };
    },
  };
}
export type RateLimitStore = ReturnType<typeof createRateLimitStore>;
