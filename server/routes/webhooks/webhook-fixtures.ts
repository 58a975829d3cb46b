import { assert } from "vitest";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { webhookDeliveries } from "../../db/schema/index.ts";
import type { HttpClient } from "../../test-support/http-client.ts";
import type { CreatedWebhookEndpointDto } from "../../../shared/integrations/webhook-dtos.ts";
import type { WebhookEvent } from "../../../shared/integrations/webhook-events.ts";

/** Test servers reach local receivers; retries follow at once (base 0 s) unless a test sets its own base. */
export const WEBHOOK_TEST_ENV = { WEBHOOKS_ALLOW_PRIVATE_TARGETS: "1", WEBHOOKS_RETRY_BASE_SECONDS: "0" };

export async function createEndpointVia(
  client: HttpClient,
  applicationId: string,
  url: string,
  events: WebhookEvent[],
): Promise<CreatedWebhookEndpointDto> {
  const response = await client.post(`/api/applications/${applicationId}/webhooks`, { url, events });
  const text = await response.text();
  assert(response.status === 201, `create endpoint: ${response.status} ${text}`);
  return (JSON.parse(text) as { endpoint: CreatedWebhookEndpointDto }).endpoint;
}

export async function deliveriesOf(db: Db, endpointId: string) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.sequence);
}
