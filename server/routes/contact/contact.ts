import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { createRateLimitStore } from "../../auth/rate-limit-store.ts";
import { CLIENT_IP_HEADER } from "../../middleware/client-ip.ts";
import { ApiError } from "../../lib/api-error.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { sendContactMessage } from "../../services/messages/send-contact-message.ts";
import * as contracts from "../../../shared/api/contracts/contact.ts";

/** A person rarely writes more than a few messages; this stops a script from filling the table and the team's inbox. */
export const CONTACT_RATE_LIMIT = { window: 10 * 60, max: 5 };

/** POST /api/contact: the public contact form (spec 000 §2, spec 001 §2 "Contact page"); no sign-in needed. */
export function contactRoutes(context: AppContext) {
  const app = new Hono<AppEnv>();
  const rateLimits = createRateLimitStore(context.database.db);

  mountRoute(app, context.database.db, contracts.sendContactMessage, async (c, { body: message }) => {
    const limit = await rateLimits.consume(
      `contact:${c.req.header(CLIENT_IP_HEADER) ?? "unknown"}`,
      CONTACT_RATE_LIMIT,
    );
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfter));
      throw new ApiError("RATE_LIMITED", "Too many messages, try again later");
    }
    const { id } = await sendContactMessage(context, message);
    return c.json({ id }, 201);
  });
  return app;
}
