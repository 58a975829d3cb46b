import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import * as contracts from "../../../shared/api/contracts/admin.ts";
import { listAdminApplications } from "../../db/queries/admin-applications.ts";
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
import type { AdminApplication, Page } from "../../../shared/admin/admin-dtos.ts";
import { uuidParam } from "./admin-params.ts";

/** /api/admin: users, applications and revenue, for super admins only (each contract's policy, checked before any input is read). */
export function adminRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const app = new Hono<AppEnv>();

  mountRoute(app, db, contracts.listAdminUsers, async (c, { query }) => {
    return c.json(await listUsers(context, query));
  });

  mountRoute(app, db, contracts.getAdminUser, async (c, { params }) => {
    return c.json(await userDetail(context, uuidParam(params.id, "id")));
  });

  mountRoute(app, db, contracts.setAdminUserLimits, async (c, { params, body }) => {
    const id = uuidParam(params.id, "id");
    await saveUserLimits(context, id, body);
    return c.json(await userDetail(context, id));
  });

  mountRoute(app, db, contracts.setAdminUserStatus, async (c, { user, params, body: { disabled } }) => {
    const id = uuidParam(params.id, "id");
    await setAccountDisabled(context, user, id, disabled);
    return c.json(await userDetail(context, id));
  });

  mountRoute(app, db, contracts.sendAdminVerificationEmail, async (c, { params }) => {
    await resendVerificationEmail(context, uuidParam(params.id, "id"));
    return c.body(null, 204);
  });

  mountRoute(app, db, contracts.sendAdminPasswordReset, async (c, { params }) => {
    await sendPasswordResetEmail(context, uuidParam(params.id, "id"));
    return c.body(null, 204);
  });

  mountRoute(app, db, contracts.listAdminApplications, async (c, { query }) => {
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

  mountRoute(app, db, contracts.getAdminRevenue, async (c) => {
    return c.json(await loadRevenue(db));
  });

  return app;
}
