import { z } from "zod";

/** What an application's webhook endpoint can subscribe to (issue 12). */
export const WEBHOOK_EVENTS = [
  "record.created",
  "record.updated",
  "record.deleted",
  "record.reviewed",
  "application.updated",
  "member.added",
  "member.removed",
  "entity.created",
  "entity.updated",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = "Campo-Signature";

/** Retried with exponential backoff for this long, then given up; an endpoint failing this long is disabled. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** POST/PATCH /api/applications/:id/webhooks. Validation messages are "webhooks" namespace keys. */
export const webhookEndpointInputSchema = z.object({
  url: z
    .url({ protocol: /^https?$/, error: "webhooks:validation.urlInvalid" })
    .max(2000, "webhooks:validation.urlInvalid"),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, "webhooks:validation.eventRequired")
    .refine((events) => new Set(events).size === events.length, "webhooks:validation.eventRequired"),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInputSchema>;
