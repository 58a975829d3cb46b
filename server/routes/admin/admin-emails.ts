import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import * as contracts from "../../../shared/api/contracts/admin.ts";
import { emailDetail, listEmails } from "../../services/admin/admin-emails.ts";
import { uuidParam } from "./admin-params.ts";

/** /api/admin/emails: every message in email_outbox ("E-mails enviados"), newest first, and one message whole. */
export function adminEmailRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const app = new Hono<AppEnv>();

  mountRoute(app, db, contracts.listAdminEmails, async (c, { query }) => {
    return c.json(await listEmails(context, query));
  });

  mountRoute(app, db, contracts.getAdminEmail, async (c, { params }) => {
    return c.json(await emailDetail(context, uuidParam(params.id, "id")));
  });

  return app;
}
