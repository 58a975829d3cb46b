import type { WebhookDeliveryRow, WebhookEndpointRow } from "../db/queries/webhooks.ts";
import type { WebhookDeliveryDto, WebhookEndpointDto } from "../../shared/integrations/webhook-dtos.ts";

/** The secret never leaves through here: only the creation's answer carries it. */
export function presentWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpointDto {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    createdAt: row.createdAt.toISOString(),
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledAt ? (row.disabledReason ?? "manual") : null,
  };
}

export function presentWebhookDelivery(row: WebhookDeliveryRow): WebhookDeliveryDto {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}
