import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { analyticsSummary } from "../../services/analytics/analytics-summary.ts";
import { getAnalyticsSummary } from "../../../shared/api/contracts/analytics.ts";

/** GET /api/admin/analytics/summary?days=7|30|90: the dashboards' figures, super admins only. */
export function adminAnalyticsRoutes(context: AppContext) {
  const app = new Hono<AppEnv>();
  const db = context.database.db;
  mountRoute(app, db, getAnalyticsSummary, async (c, { query }) => {
    c.header("Cache-Control", "no-store");
    return c.json(await analyticsSummary(db, query.days));
  });
  return app;
}
