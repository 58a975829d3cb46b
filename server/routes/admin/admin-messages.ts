import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireSuperAdmin } from "../../auth/session.ts";
import { parseWith, readJson } from "../../lib/validation.ts";
import {
  changeMessageStatus,
  listMessages,
  messageThread,
  replyToMessage,
} from "../../services/admin/admin-messages.ts";
import {
  adminMessagesQuerySchema,
  messageReplySchema,
  messageStatusChangeSchema,
} from "../../../shared/admin/admin-schemas.ts";
import { messageKindParam, uuidParam } from "./admin-params.ts";

/**
 * /api/admin/messages: the contact and support inbox, its threads and replies by e-mail. A support message's image is
 * served by the super-admin-only GET /api/support/:id/image.
 */
export function adminMessageRoutes(context: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/api/admin/messages", async (c) => {
    requireSuperAdmin(c);
    return c.json(await listMessages(context, parseWith(adminMessagesQuerySchema, c.req.query())));
  });

  app.get("/api/admin/messages/:kind/:id", async (c) => {
    requireSuperAdmin(c);
    return c.json(await messageThread(context, messageKindParam(c), uuidParam(c, "id")));
  });

  app.patch("/api/admin/messages/:kind/:id", async (c) => {
    requireSuperAdmin(c);
    const kind = messageKindParam(c);
    const id = uuidParam(c, "id");
    const { status } = await readJson(c, messageStatusChangeSchema);
    return c.json(await changeMessageStatus(context, kind, id, status));
  });

  app.post("/api/admin/messages/:kind/:id/replies", async (c) => {
    const admin = requireSuperAdmin(c);
    const kind = messageKindParam(c);
    const id = uuidParam(c, "id");
    const { body } = await readJson(c, messageReplySchema);
    return c.json(await replyToMessage(context, admin, kind, id, body), 201);
  });

  return app;
}
