import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireSuperAdmin } from "../../auth/session.ts";
import { listAdminApplications } from "../../db/queries/admin-applications.ts";
import { parseWith, readJson } from "../../lib/validation.ts";
import { presentAdminApplication } from "../../presenters/admin-presenter.ts";
import {
  listUsers,
  resendVerificationEmail,
  saveUserLimits,
  sendPasswordResetEmail,
  setAccountDisabled,
  userDetail,
} from "../../services/admin/admin-users.ts";
import { loadRevenue } from "../../services/admin/revenue.ts";
import { accountStatusSchema, adminListQuerySchema, userLimitsSchema } from "../../../shared/admin/admin-schemas.ts";
import type { AdminApplication, Page } from "../../../shared/admin/admin-dtos.ts";
import { uuidParam } from "./admin-params.ts";

/** /api/admin: users, applications and revenue, for super admins only (each handler authorizes before reading input). */
export function adminRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const app = new Hono<AppEnv>();

  app.get("/api/admin/users", async (c) => {
    requireSuperAdmin(c);
    return c.json(await listUsers(context, parseWith(adminListQuerySchema, c.req.query())));
  });

  app.get("/api/admin/users/:id", async (c) => {
    requireSuperAdmin(c);
    return c.json(await userDetail(context, uuidParam(c, "id")));
  });

  app.put("/api/admin/users/:id/limits", async (c) => {
    requireSuperAdmin(c);
    const id = uuidParam(c, "id");
    await saveUserLimits(context, id, await readJson(c, userLimitsSchema));
    return c.json(await userDetail(context, id));
  });

  app.patch("/api/admin/users/:id/status", async (c) => {
    const admin = requireSuperAdmin(c);
    const id = uuidParam(c, "id");
    const { disabled } = await readJson(c, accountStatusSchema);
    await setAccountDisabled(context, admin, id, disabled);
    return c.json(await userDetail(context, id));
  });

  app.post("/api/admin/users/:id/verification-email", async (c) => {
    requireSuperAdmin(c);
    await resendVerificationEmail(context, uuidParam(c, "id"));
    return c.body(null, 204);
  });

  app.post("/api/admin/users/:id/password-reset", async (c) => {
    requireSuperAdmin(c);
    await sendPasswordResetEmail(context, uuidParam(c, "id"));
    return c.body(null, 204);
  });

  app.get("/api/admin/applications", async (c) => {
    requireSuperAdmin(c);
    const query = parseWith(adminListQuerySchema, c.req.query());
    const { rows, total } = await listAdminApplications(db, {
      q: query.q,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const page: Page<AdminApplication> = {
      items: rows.map(presentAdminApplication),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
    return c.json(page);
  });

  app.get("/api/admin/revenue", async (c) => {
    requireSuperAdmin(c);
    return c.json(await loadRevenue(db));
  });

  return app;
}
