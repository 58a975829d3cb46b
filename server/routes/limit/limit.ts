import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireUser } from "../../auth/session.ts";
import { assertCanRead, loadAccess } from "../../policies/application-access.ts";
import { loadOwnerLimitInfo } from "../../services/limits/record-limit.ts";

/** GET /api/applications/:id/limit: the owner's record cap as the collect page's banner and card need it. */
export function limitRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const routes = new Hono<AppEnv>();

  routes.get("/api/applications/:id/limit", async (c) => {
    const user = requireUser(c);
    const access = await loadAccess(db, user, c.req.param("id"));
    assertCanRead(access);
    const info = await loadOwnerLimitInfo(db, access.application.ownerId, user.id, context.config.superAdminEmails);
    c.header("Cache-Control", "no-store");
    return c.json(info);
  });

  return routes;
}
