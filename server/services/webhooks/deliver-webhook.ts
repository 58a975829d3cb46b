import type { AppContext } from "../../context.ts";
import {
  claimDelivery,
  disableEndpoint,
  findEndpointById,
  markEndpointFailing,
  markEndpointHealthy,
  nextPendingOfSubject,
  recordAttempt,
  releaseDelivery,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from "../../db/queries/webhooks.ts";
import {
  WEBHOOK_RETRY_WINDOW_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
} from "../../../shared/integrations/webhook-events.ts";
import { creatorAdministers } from "./endpoint-creators.ts";
import { tellOwnerEndpointDisabled } from "./endpoint-disabled-notice.ts";
import { postWebhook } from "./post-webhook.ts";
import { webhookSignature } from "./webhook-signature.ts";

const WEBHOOK_EVENT_ID_HEADER = "Campo-Event-Id";
const WEBHOOK_EVENT_HEADER = "Campo-Event";

/** Queues attempts of these deliveries (now, or not before `startAfter`). */
export type Dispatch = (deliveryIds: readonly string[], startAfter?: Date) => Promise<void>;

const WINDOW_MS = WEBHOOK_RETRY_WINDOW_HOURS * 3_600_000;
/** Longer than the request's timeout, so an attempt still running is never taken twice. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS + 20_000;
/** Backoff doubles up to this gap between two attempts. */
const MAX_RETRY_GAP_MS = 4 * 3_600_000;

/** The delay before the retry that follows the attempt number `attempts` (1 = the first attempt failed). */
export function retryDelayMs(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 1000 * 2 ** Math.max(0, attempts - 1), MAX_RETRY_GAP_MS);
}

/**
 * One attempt of a delivery, if it is due and first of its subject at its endpoint (see claimDelivery). 2xx
 * succeeds; anything else is retried with exponential backoff while the event is younger than 24 h, then the
 * delivery fails. Either way, once it is done the next delivery of the same subject is queued: a record's events
 * reach the receiver in the order they happened. An endpoint failing for 24 h, or whose creator no longer administers the application, is
 * disabled and the application's owner e-mailed.
 * `now` is a parameter so tests move the clock instead of waiting a day.
 */
export async function attemptDelivery(
  context: AppContext,
  deliveryId: string,
  now: Date,
  dispatch: Dispatch,
): Promise<void> {
  const db = context.database.db;
  const delivery = await claimDelivery(db, deliveryId, now, new Date(now.getTime() + LEASE_MS));
  if (!delivery) return;
  const endpoint = await findEndpointById(db, delivery.endpointId);
  if (!endpoint) return;
  // Checked at each delivery, not only when a role changes: a delivery queued before the creator lost their rights
  // (or any way of losing them) never leaves. The delivery waits, pending, for the endpoint to be enabled again.
  if (endpoint.disabledAt || !(await creatorAdministers(db, endpoint))) {
    await releaseDelivery(db, delivery.id);
    if (await disableEndpoint(db, endpoint.id, now, "creatorLostAccess"))
      await tellOwnerEndpointDisabled(context, endpoint, "creatorLostAccess");
    return;
  }
  const body = JSON.stringify(delivery.payload);
  const outcome = await postWebhook(
    endpoint.url,
    body,
    {
      [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(endpoint.secret, body, Math.floor(now.getTime() / 1000)),
      [WEBHOOK_EVENT_ID_HEADER]: delivery.id,
      [WEBHOOK_EVENT_HEADER]: delivery.event,
      "User-Agent": "Campo-Webhooks/1",
    },
    context.config.webhooks,
  );
  if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
    await recordAttempt(db, delivery.id, {
      status: "succeeded",
      responseStatus: outcome.status,
      durationMs: outcome.durationMs,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: now,
    });
    await markEndpointHealthy(db, endpoint.id);
    await sendNextOfSubject(context, delivery, dispatch);
    return;
  }
  const retryAt = new Date(
    now.getTime() + retryDelayMs(delivery.attempts + 1, context.config.webhooks.retryBaseSeconds),
  );
  const givesUp = retryAt.getTime() > delivery.createdAt.getTime() + WINDOW_MS;
  await recordAttempt(db, delivery.id, {
    status: givesUp ? "failed" : "pending",
    responseStatus: outcome.status,
    durationMs: outcome.durationMs,
    lastError: outcome.error ?? `HTTP ${outcome.status}`,
    nextAttemptAt: givesUp ? null : retryAt,
    deliveredAt: null,
  });
  await noteEndpointFailure(context, endpoint, now);
  if (givesUp) await sendNextOfSubject(context, delivery, dispatch);
  else await dispatch([delivery.id], retryAt > now ? retryAt : undefined);
}

async function sendNextOfSubject(context: AppContext, delivery: WebhookDeliveryRow, dispatch: Dispatch): Promise<void> {
  const next = await nextPendingOfSubject(context.database.db, delivery.endpointId, delivery.subjectKey);
  if (next) await dispatch([next.id], next.nextAttemptAt ?? undefined);
}

async function noteEndpointFailure(context: AppContext, endpoint: WebhookEndpointRow, now: Date): Promise<void> {
  const db = context.database.db;
  const failing = await markEndpointFailing(db, endpoint.id, now);
  if (!failing?.failingSince || now.getTime() - failing.failingSince.getTime() < WINDOW_MS) return;
  if (await disableEndpoint(db, endpoint.id, now, "failing"))
    await tellOwnerEndpointDisabled(context, endpoint, "failing");
}
