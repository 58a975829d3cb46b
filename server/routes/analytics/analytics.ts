import { Hono } from "hono";
import { isbot } from "isbot";
import type { AppContext, AppEnv } from "../../context.ts";
import { createRateLimitStore } from "../../auth/rate-limit-store.ts";
import { CLIENT_IP_HEADER } from "../../middleware/client-ip.ts";
import { ApiError } from "../../lib/api-error.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { recordAnalyticsBatch } from "../../services/analytics/record-events.ts";
import { recordAnalytics } from "../../../shared/api/contracts/analytics.ts";

/**
 * One tab sends a batch every 3 s at most (20 a minute); the rest is room for a few people behind one office address.
 * A script flooding the table is stopped at this.
 */
export const ANALYTICS_RATE_LIMIT = { window: 60, max: 120 };

/** The visitor asked not to be tracked: Global Privacy Control or Do Not Track. */
function optedOut(header: (name: string) => string | undefined): boolean {
  return header("sec-gpc") === "1" || header("dnt") === "1";
}

/**
 * POST /api/analytics: a batch of first-party events (spec 000 §1, §7). A well-formed batch is always answered 204,
 * stored or not (bots and visitors who opted out are dropped), so the tracker never retries what was refused on
 * purpose.
 */
export function analyticsRoutes(context: AppContext) {
  const app = new Hono<AppEnv>();
  const rateLimits = createRateLimitStore(context.database.db);

  mountRoute(app, context.database.db, recordAnalytics, async (c, { body: batch }) => {
    const userAgent = c.req.header("user-agent") ?? "";
    if (!userAgent || isbot(userAgent) || optedOut((name) => c.req.header(name))) return c.body(null, 204);
    const ip = c.req.header(CLIENT_IP_HEADER) ?? "unknown";
    const limit = await rateLimits.consume(`analytics:${ip}`, ANALYTICS_RATE_LIMIT);
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfter));
      throw new ApiError("RATE_LIMITED", "Too many analytics batches, try again later");
    }
    await recordAnalyticsBatch(context, batch, {
      userAgent,
      acceptLanguage: c.req.header("accept-language"),
      ip,
      userId: c.get("user")?.id ?? null,
    });
    return c.body(null, 204);
  });
  return app;
}
