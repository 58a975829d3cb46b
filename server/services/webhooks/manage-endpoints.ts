import { randomUUID } from "node:crypto";
import type { AppContext } from "../../context.ts";
import type { ApplicationRow } from "../../db/queries/applications.ts";
import {
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  firstPendingPerSubject,
  insertDeliveries,
  insertEndpoint,
  reopenDelivery,
  updateEndpoint,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from "../../db/queries/webhooks.ts";
import { ApiError } from "../../lib/api-error.ts";
import type { WebhookEndpointInput } from "../../../shared/integrations/webhook-events.ts";
import type { WebhookEndpointUpdate } from "../../../shared/integrations/webhook-dtos.ts";
import { dispatchDeliveries } from "./webhook-jobs.ts";
import { newWebhookSecret } from "./webhook-signature.ts";
import { resolveTarget, WebhookTargetRefused } from "./webhook-target.ts";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Refuses a target the delivery would refuse (checked again at each delivery, after DNS resolution): plain http in
 * production, loopback, private, link-local and metadata addresses. A name that does not resolve yet is accepted:
 * its deliveries fail and are retried until it does.
 */
async function assertAllowedTarget(context: AppContext, url: string): Promise<void> {
  try {
    await resolveTarget(new URL(url), context.config.webhooks);
  } catch (error) {
    if (!(error instanceof WebhookTargetRefused) || error.reason === "unresolvable") return;
    const message =
      error.reason === "protocol" ? "webhooks:validation.httpsRequired" : "webhooks:validation.urlPrivate";
    throw new ApiError("VALIDATION_FAILED", "Webhook target not allowed", [{ path: "url", message, code: "custom" }]);
  }
}

export async function loadEndpoint(
  context: AppContext,
  application: ApplicationRow,
  endpointId: string,
): Promise<WebhookEndpointRow> {
  const endpoint = UUID_PATTERN.test(endpointId)
    ? await findEndpoint(context.database.db, application.id, endpointId)
    : undefined;
  if (!endpoint) throw new ApiError("NOT_FOUND", "Webhook endpoint not found");
  return endpoint;
}

export async function createEndpoint(
  context: AppContext,
  application: ApplicationRow,
  userId: string,
  input: WebhookEndpointInput,
): Promise<WebhookEndpointRow> {
  await assertAllowedTarget(context, input.url);
  return insertEndpoint(context.database.db, {
    applicationId: application.id,
    url: input.url,
    events: input.events,
    secret: newWebhookSecret(),
    createdBy: userId,
  });
}

/**
 * Enabling again clears the failure clock, makes the administrator who enables it the one it acts for (`created_by`),
 * and resumes each subject's waiting deliveries.
 */
export async function changeEndpoint(
  context: AppContext,
  endpoint: WebhookEndpointRow,
  userId: string,
  input: WebhookEndpointUpdate,
): Promise<WebhookEndpointRow> {
  if (input.url !== undefined) await assertAllowedTarget(context, input.url);
  const db = context.database.db;
  const enabling = input.enabled === true && endpoint.disabledAt !== null;
  const updated = await updateEndpoint(db, endpoint.id, {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.events !== undefined ? { events: input.events } : {}),
    ...(enabling ? { disabledAt: null, disabledReason: null, failingSince: null, createdBy: userId } : {}),
    ...(input.enabled === false && endpoint.disabledAt === null
      ? { disabledAt: new Date(), disabledReason: "manual" as const }
      : {}),
  });
  if (!updated) throw new ApiError("NOT_FOUND", "Webhook endpoint not found");
  if (enabling) await dispatchDeliveries(context, await firstPendingPerSubject(db, endpoint.id));
  return updated;
}

export async function removeEndpoint(context: AppContext, endpoint: WebhookEndpointRow): Promise<void> {
  await deleteEndpoint(context.database.db, endpoint.id);
}

/** A `ping` to this endpoint now, whatever it subscribes to: its own subject, so it waits for nothing. */
export async function sendTestEvent(
  context: AppContext,
  application: ApplicationRow,
  endpoint: WebhookEndpointRow,
): Promise<WebhookDeliveryRow> {
  const id = randomUUID();
  const db = context.database.db;
  await insertDeliveries(db, [
    {
      id,
      endpointId: endpoint.id,
      event: "ping",
      subjectKey: `ping:${id}`,
      payload: {
        id,
        event: "ping",
        occurredAt: new Date().toISOString(),
        application: { id: application.id, title: application.name },
      },
    },
  ]);
  await dispatchDeliveries(context, [id]);
  return loadDelivery(context, endpoint, id);
}

export async function loadDelivery(
  context: AppContext,
  endpoint: WebhookEndpointRow,
  deliveryId: string,
): Promise<WebhookDeliveryRow> {
  const delivery = UUID_PATTERN.test(deliveryId)
    ? await findDelivery(context.database.db, endpoint.id, deliveryId)
    : undefined;
  if (!delivery) throw new ApiError("NOT_FOUND", "Webhook delivery not found");
  return delivery;
}

/**
 * Sends the delivery again, as it was (same id, so receivers that saw it can skip it): one more attempt now, logged
 * on the same row. Past its 24 h window a failed redelivery is not retried again.
 */
export async function redeliver(
  context: AppContext,
  endpoint: WebhookEndpointRow,
  deliveryId: string,
): Promise<WebhookDeliveryRow> {
  const delivery = await loadDelivery(context, endpoint, deliveryId);
  const reopened = await reopenDelivery(context.database.db, delivery.id, new Date());
  if (!reopened) throw new ApiError("NOT_FOUND", "Webhook delivery not found");
  await dispatchDeliveries(context, [delivery.id]);
  return reopened;
}
