import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../app.ts";
import { requireUser } from "../../auth/session.ts";
import { presentMe } from "../../presenters/me-presenter.ts";
import { permissionsFor } from "../../services/accounts/global-permissions.ts";

/** GET /api/me: who is signed in and what they may do everywhere (spec 000 §6); 401 when signed out. */
export function meRoutes(context: AppContext) {
  const app = new Hono<AppEnv>();
  app.get("/api/me", async (c) => {
    const user = requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json(presentMe(user, await permissionsFor(context.database.db, user)));
  });
  return app;
}
