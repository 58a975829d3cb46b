import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { mountRoute } from "../../http/mount-route.ts";
import * as contracts from "../../../shared/api/contracts/admin.ts";
import {
  changeMessageStatus,
  listMessages,
  messageThread,
  replyToMessage,
} from "../../services/admin/admin-messages.ts";
import { messageKindParam, uuidParam } from "./admin-params.ts";

/**
 * /api/admin/messages: the contact and support inbox, its threads and replies by e-mail. A support message's image is
 * served by the super-admin-only GET /api/support/:id/image.
 */
export function adminMessageRoutes(context: AppContext): Hono<AppEnv> {
  const db = context.database.db;
  const app = new Hono<AppEnv>();

  mountRoute(app, db, contracts.listAdminMessages, async (c, { query }) => {
    return c.json(await listMessages(context, query));
  });

  mountRoute(app, db, contracts.getAdminMessage, async (c, { params }) => {
    return c.json(await messageThread(context, messageKindParam(params.kind), uuidParam(params.id, "id")));
  });

  mountRoute(app, db, contracts.setAdminMessageStatus, async (c, { params, body: { status } }) => {
    const kind = messageKindParam(params.kind);
    const id = uuidParam(params.id, "id");
    return c.json(await changeMessageStatus(context, kind, id, status));
  });

  mountRoute(app, db, contracts.replyToAdminMessage, async (c, { user, params, body: { body } }) => {
    const kind = messageKindParam(params.kind);
    const id = uuidParam(params.id, "id");
    return c.json(await replyToMessage(context, user, kind, id, body), 201);
  });

  return app;
}
