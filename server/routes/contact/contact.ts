import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { createRateLimitStore } from "../../auth/rate-limit-store.ts";
import { CLIENT_IP_HEADER } from "../../middleware/client-ip.ts";
import { ApiError } from "../../lib/api-error.ts";
import { readJson } from "../../lib/validation.ts";
import { sendContactMessage } from "../../services/messages/send-contact-message.ts";
import { contactMessageSchema } from "../../../shared/contact/contact-schema.ts";

/** A person rarely writes more than a few messages; this stops a script from filling the table and the team's inbox. */
export const CONTACT_RATE_LIMIT = { window: 10 * 60, max: 5 };
/** 2000 characters of message plus the other fields, in UTF-8, fit comfortably. */
export const MAX_CONTACT_BODY_BYTES = 16 * 1024;

/** POST /api/contact: the public contact form (spec 000 §2, spec 001 §2 "Contact page"); no sign-in needed. */
export function contactRoutes(context: AppContext) {
  const app = new Hono<AppEnv>();
  const rateLimits = createRateLimitStore(context.database.db);

  app.post("/api/contact", async (c) => {
    const message = await readJson(c, contactMessageSchema, { maxBytes: MAX_CONTACT_BODY_BYTES });
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
