import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireSuperAdmin } from "../../auth/session.ts";
import { parseWith } from "../../lib/validation.ts";
import { emailDetail, listEmails } from "../../services/admin/admin-emails.ts";
import { adminListQuerySchema } from "../../../shared/admin/admin-schemas.ts";
import { uuidParam } from "./admin-params.ts";

/** /api/admin/emails: every message in email_outbox ("E-mails enviados"), newest first, and one message whole. */
export function adminEmailRoutes(context: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/api/admin/emails", async (c) => {
    requireSuperAdmin(c);
    return c.json(await listEmails(context, parseWith(adminListQuerySchema, c.req.query())));
  });

  app.get("/api/admin/emails/:id", async (c) => {
    requireSuperAdmin(c);
    return c.json(await emailDetail(context, uuidParam(c, "id")));
  });

  return app;
}
