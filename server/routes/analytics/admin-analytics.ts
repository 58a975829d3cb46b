import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireSuperAdmin } from "../../auth/session.ts";
import { parseWith } from "../../lib/validation.ts";
import { analyticsSummary } from "../../services/analytics/analytics-summary.ts";
import { analyticsSummaryQuery } from "../../../shared/analytics/summary.ts";

/** GET /api/admin/analytics/summary?days=7|30|90: the dashboards' figures, super admins only. */
export function adminAnalyticsRoutes(context: AppContext) {
  const app = new Hono<AppEnv>();
  app.get("/api/admin/analytics/summary", async (c) => {
    requireSuperAdmin(c);
    const { days } = parseWith(analyticsSummaryQuery, c.req.query());
    c.header("Cache-Control", "no-store");
    return c.json(await analyticsSummary(context.database.db, days));
  });
  return app;
}
