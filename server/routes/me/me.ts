import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { presentAnonymousMe, presentMe } from "../../presenters/me-presenter.ts";
import { requireUser } from "../../auth/session.ts";
import { permissionsFor } from "../../services/accounts/global-permissions.ts";
import { permissionReport } from "../../services/accounts/permission-report.ts";

/**
 * GET /api/me: who is signed in and what they may do everywhere (spec 000 §6). Signed out is an answer, not an error:
 * 200 `{ user: null }`, so a visitor's first page logs no failed request (every other route still answers 401).
 */
export function meRoutes(context: AppContext) {
  const app = new Hono<AppEnv>();
  app.get("/api/me", async (c) => {
    const user = c.get("user");
    c.header("Cache-Control", "no-store");
    if (!user) return c.json(presentAnonymousMe());
    return c.json(presentMe(user, await permissionsFor(context.database.db, user)));
  });
  /** The /debug-permissions page: only ever about the caller. */
  app.get("/api/me/permissions", async (c) => {
    const user = requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json(await permissionReport(context.database.db, user, c.get("sessionId")));
  });
  return app;
}
