import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { requireSuperAdmin } from "../../auth/session.ts";
import { findSupportImageKey } from "../../db/queries/support-messages.ts";
import { ApiError } from "../../lib/api-error.ts";
import { parseWith, readJson } from "../../lib/validation.ts";
import {
  changeMessageStatus,
  listMessages,
  messageThread,
  replyToMessage,
} from "../../services/admin/admin-messages.ts";
import { supportImageContentType } from "../../services/messages/send-support-message.ts";
import type { Storage } from "../../services/storage/storage.ts";
import {
  adminMessagesQuerySchema,
  messageReplySchema,
  messageStatusChangeSchema,
} from "../../../shared/admin/admin-schemas.ts";
import { messageKindParam, uuidParam } from "./admin-params.ts";

/** /api/admin/messages: the contact and support inbox, its threads, replies by e-mail and the support images. */
export function adminMessageRoutes(context: AppContext, storage: Storage): Hono<AppEnv> {
  const db = context.database.db;
  const app = new Hono<AppEnv>();

  app.get("/api/admin/messages", async (c) => {
    requireSuperAdmin(c);
    return c.json(await listMessages(context, parseWith(adminMessagesQuerySchema, c.req.query())));
  });

  app.get("/api/admin/messages/support/:id/image", async (c) => {
    requireSuperAdmin(c);
    const key = await findSupportImageKey(db, uuidParam(c, "id"));
    const contentType = key ? supportImageContentType(key) : null;
    const stream = key && contentType ? await storage.get(key) : null;
    if (!stream || !contentType) throw new ApiError("NOT_FOUND", "No image for this message");
    return c.body(stream, 200, {
      "Content-Type": contentType,
      "Cache-Control": "private, max-age=86400",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    });
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
