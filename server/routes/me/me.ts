import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { presentAnonymousMe, presentMe } from "../../presenters/me-presenter.ts";
import { permissionsFor } from "../../services/accounts/global-permissions.ts";
import { permissionReport } from "../../services/accounts/permission-report.ts";
import * as contracts from "../../../shared/api/contracts/me.ts";

/**
 * GET /api/me: who is signed in and what they may do everywhere (spec 000 §6). Signed out is an answer, not an error:
 * 200 `{ user: null }`, so a visitor's first page logs no failed request (every other route still answers 401).
 */
export function meRoutes(context: AppContext) {
  const db = context.database.db;
  const app = new Hono<AppEnv>();
  mountRoute(app, db, contracts.getMe, async (c, { user }) => {
    c.header("Cache-Control", "no-store");
    if (!user) return c.json(presentAnonymousMe());
    return c.json(presentMe(user, await permissionsFor(db, user)));
  });
  /** The /debug-permissions page: only ever about the caller. */
  mountRoute(app, db, contracts.getMyPermissions, async (c, { user }) => {
    c.header("Cache-Control", "no-store");
    return c.json(await permissionReport(db, user, c.get("sessionId")));
  });
  return app;
}
