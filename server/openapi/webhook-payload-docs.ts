import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { WEBHOOK_SIGNATURE_HEADER } from "../../shared/integrations/webhook-events.ts";
import { SENT_WEBHOOK_EVENTS, webhookPayloadSchema } from "../../shared/integrations/webhook-payloads.ts";

const headers = z.object({
  [WEBHOOK_SIGNATURE_HEADER]: z
    .string()
    .describe('`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: verify it over the raw body'),
  "Campo-Event-Id": z.uuid().describe("The payload's `id`; a retry or redelivery carries the same one"),
  "Campo-Event": z.string().describe("The event name, as the payload's `event`"),
});

/**
 * The document's `webhooks` section: one entry per event Campo sends, its body the schema the sender's payloads are
 * typed by. Any 2xx acknowledges; anything else is retried with backoff (docs/integrations.md).
 */
export function registerWebhookPayloads(registry: OpenAPIRegistry): void {
  for (const event of SENT_WEBHOOK_EVENTS) {
    registry.registerWebhook({
      operationId: `webhook${event.replace(/(^|\.)(\w)/g, (_match, _dot: string, first: string) => first.toUpperCase())}`,
      method: "post",
      path: event,
      summary: `The \`${event}\` event, POSTed to each endpoint that subscribes to it`,
      tags: ["Webhooks"],
      // Campo signs each delivery (the Campo-Signature header), which no OpenAPI security scheme describes.
      security: [],
      request: {
        headers,
        body: { content: { "application/json": { schema: webhookPayloadSchema(event) } } },
      },
      responses: { 200: { description: "Any 2xx acknowledges the delivery; anything else is retried" } },
    });
  }
}
