import type { Db } from "../db/client.ts";
import { countRateLimitHit } from "../db/queries/rate-limits.ts";

export interface RateLimitRule {
  window: number;
  max: number;
}

/**
 * Fixed-window counter kept in Postgres so every API process shares it (check and increment are one statement).
 */
export function createRateLimitStore(db: Db) {
  return {
    async consume(key: string, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfter: number | null }> {
      const now = Date.now();
      const windowMs = rule.window * 1000;
      const { count, windowStart } = await countRateLimitHit(db, key, now, windowMs);
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
    },
  };
}
export type RateLimitStore = ReturnType<typeof createRateLimitStore>;
