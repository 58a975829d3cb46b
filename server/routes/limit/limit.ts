import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { loadOwnerLimitInfo } from "../../services/limits/record-limit.ts";
import { getApplicationLimit } from "../../../shared/api/contracts/limits.ts";

/** GET /api/applications/:id/limit: the owner's record cap as the collect page's banner and card need it. */
export function limitRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();
  mountRoute(routes, db, getApplicationLimit, async (c, { user, access }) => {
    const info = await loadOwnerLimitInfo(db, access.application.ownerId, user.id, context.config.superAdminEmails);
    c.header("Cache-Control", "no-store");
    return c.json(info);
  });
  return routes;
}
