import { Hono } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { createRateLimitStore } from "../../auth/rate-limit-store.ts";
import { findSupportImageKey } from "../../db/queries/support-messages.ts";
import { CLIENT_IP_HEADER } from "../../middleware/client-ip.ts";
import { ApiError } from "../../lib/api-error.ts";
import { readFormImage, readMultipartForm } from "../../lib/multipart-image.ts";
import { parseWith } from "../../lib/validation.ts";
import { mountRoute } from "../../http/mount-route.ts";
import { sendSupportMessage, supportImageContentType } from "../../services/messages/send-support-message.ts";
import type { Storage } from "../../services/storage/storage.ts";
import { contactMessageSchema } from "../../../shared/contact/contact-schema.ts";
import { SUPPORT_IMAGE_MAX_BYTES } from "../../../shared/contact/support-schema.ts";
import * as contracts from "../../../shared/api/contracts/support.ts";
import { CONTACT_RATE_LIMIT } from "../contact/contact.ts";

/** The contact form's budget, counted separately: one form cannot use up the other. */
export const SUPPORT_RATE_LIMIT = CONTACT_RATE_LIMIT;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TEXT_FIELDS = ["fullName", "email", "celular", "subject", "message"] as const;

/**
 * POST /api/support: the support form (spec 000 §2, spec 001 §2), signed in or not, as multipart/form-data with an
 * optional image. GET /api/support/:id/image: that image, for super administrators only (they get the link by e-mail).
 */
export function supportRoutes(context: AppContext, storage: Storage): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const db = context.database.db;
  const rateLimits = createRateLimitStore(db);
  // The body's size is capped before this handler (the contract's bodyCap); the handler reads the multipart body.
  mountRoute(app, db, contracts.sendSupportMessage, async (c, { user }) => {
    const form = await readMultipartForm(c.req.raw);
    const message = parseWith(
      contactMessageSchema,
      Object.fromEntries(TEXT_FIELDS.map((name) => [name, form.get(name) ?? undefined])),
    );
    const image = await readFormImage(form, "image", SUPPORT_IMAGE_MAX_BYTES);
    const limit = await rateLimits.consume(
      `support:${c.req.header(CLIENT_IP_HEADER) ?? "unknown"}`,
      SUPPORT_RATE_LIMIT,
    );
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfter));
      throw new ApiError("RATE_LIMITED", "Too many messages, try again later");
    }
    const { id } = await sendSupportMessage(context, storage, { message, userId: user?.id ?? null, image });
    return c.json({ id }, 201);
  });

  mountRoute(app, db, contracts.getSupportImage, async (c, { params: { id } }) => {
    const key = UUID_PATTERN.test(id) ? await findSupportImageKey(db, id) : null;
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

  return app;
}
