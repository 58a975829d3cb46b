import { and, asc, count, desc, eq, isNull, lte, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { webhookDeliveries, webhookEndpoints } from "../schema/index.ts";
import type { WebhookDisabledReason } from "../../../shared/integrations/webhook-dtos.ts";
import type { WebhookEvent } from "../../../shared/integrations/webhook-events.ts";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewWebhookEndpoint = typeof webhookEndpoints.$inferInsert;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDelivery = typeof webhookDeliveries.$inferInsert;

export async function listEndpoints(db: Db, applicationId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.applicationId, applicationId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findEndpoint(
  db: Db,
  applicationId: string,
  endpointId: string,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.applicationId, applicationId), eq(webhookEndpoints.id, endpointId)));
  return row;
}

export async function findEndpointById(db: Db, endpointId: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  return row;
}

export async function insertEndpoint(db: Db, endpoint: NewWebhookEndpoint): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(endpoint).returning();
  if (!row) throw new Error("webhook_endpoints insert returned no row");
  return row;
}

export async function updateEndpoint(
  db: Db,
  endpointId: string,
  changes: Partial<
    Pick<WebhookEndpointRow, "url" | "events" | "disabledAt" | "disabledReason" | "failingSince" | "createdBy">
  >,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Db, endpointId: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
}

/** The application's enabled endpoints subscribed to this event. */
export async function subscribedEndpoints(
  db: Db,
  applicationId: string,
  event: WebhookEvent,
): Promise<Pick<WebhookEndpointRow, "id">[]> {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.applicationId, applicationId), listening(event)));
}

function listening(event: WebhookEvent): SQL | undefined {
  return and(isNull(webhookEndpoints.disabledAt), sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`);
}

/**
 * Whether an enabled endpoint of the application `applicationId` names listens, as a subquery. The enclosing query's
 * column must come qualified by hand: drizzle leaves the columns of a one-table query unqualified.
 */
export function endpointListening(applicationId: SQL, event: WebhookEvent): SQL<boolean> {
  return sql<boolean>`exists(select 1 from ${webhookEndpoints}
    where ${webhookEndpoints.applicationId} = ${applicationId} and ${listening(event)})`;
}

export async function insertDeliveries(db: Db, deliveries: NewWebhookDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const rows = await db.insert(webhookDeliveries).values(deliveries).returning({ id: webhookDeliveries.id });
  return rows.map((row) => row.id);
}

export async function findDelivery(
  db: Db,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId)));
  return row;
}

/** One page of the endpoint's log, newest first, and the total. */
export async function listDeliveries(
  db: Db,
  endpointId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.sequence))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ total: count() })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));
  return { rows, total: total?.total ?? 0 };
}

/**
 * Takes the delivery for one attempt: it must be pending, due (`next_attempt_at` passed) and first of its subject
 * at its endpoint (no earlier delivery of the same subject still pending). `leaseUntil` becomes its next attempt
 * time, so a second job for the same delivery finds it not due while this attempt runs; a process that dies
 * mid-attempt leaves it due again once the lease ends. A disabled endpoint's deliveries wait, pending, until it is
 * enabled again.
 */
export async function claimDelivery(
  db: Db,
  deliveryId: string,
  now: Date,
  leaseUntil: Date,
): Promise<WebhookDeliveryRow | undefined> {
  const earlier = db
    .select({ one: sql`1` })
    .from(sql`webhook_deliveries as earlier`)
    .where(
      sql`earlier.endpoint_id = ${webhookDeliveries.endpointId} and earlier.subject_key = ${webhookDeliveries.subjectKey}
          and earlier.sequence < ${webhookDeliveries.sequence} and earlier.status = 'pending'`,
    );
  const [row] = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: leaseUntil })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, "pending"),
        or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
        sql`not exists (${earlier})`,
        ENDPOINT_ENABLED,
      ),
    )
    .returning();
  return row;
}

export interface AttemptResult {
  status: WebhookDeliveryRow["status"];
  responseStatus: number | null;
  durationMs: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
}

export async function recordAttempt(db: Db, deliveryId: string, result: AttemptResult): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ ...result, attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** The oldest delivery still pending for this subject at this endpoint (the one to send next). */
export async function nextPendingOfSubject(
  db: Db,
  endpointId: string,
  subjectKey: string,
): Promise<Pick<WebhookDeliveryRow, "id" | "nextAttemptAt"> | undefined> {
  const [row] = await db
    .select({ id: webhookDeliveries.id, nextAttemptAt: webhookDeliveries.nextAttemptAt })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.subjectKey, subjectKey),
        eq(webhookDeliveries.status, "pending"),
      ),
    )
    .orderBy(asc(webhookDeliveries.sequence))
    .limit(1);
  return row;
}

/** The first pending delivery of every subject at this endpoint (re-enabling resumes each subject's queue). */
export async function firstPendingPerSubject(db: Db, endpointId: string): Promise<string[]> {
  const rows = await db
    .selectDistinctOn([webhookDeliveries.subjectKey], { id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")))
    .orderBy(asc(webhookDeliveries.subjectKey), asc(webhookDeliveries.sequence));
  return rows.map((row) => row.id);
}

const ENDPOINT_ENABLED = sql`exists (select 1 from webhook_endpoints e where e.id = ${webhookDeliveries.endpointId} and e.disabled_at is null)`;

/**
 * Pending deliveries of enabled endpoints whose job may have been lost (a process stopped between commit and
 * send): due for a while.
 */
export async function staleDueDeliveries(db: Db, dueBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        ENDPOINT_ENABLED,
        or(
          and(isNull(webhookDeliveries.nextAttemptAt), lt(webhookDeliveries.createdAt, dueBefore)),
          lt(webhookDeliveries.nextAttemptAt, dueBefore),
        ),
      ),
    )
    .orderBy(asc(webhookDeliveries.sequence))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Sends the delivery again: pending and due now; its log (attempts, last answer) stays. */
export async function reopenDelivery(db: Db, deliveryId: string, now: Date): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: now })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning();
  return row;
}

/** A failed attempt: the endpoint is failing since now unless it already was. Answers the endpoint as it is now. */
export async function markEndpointFailing(
  db: Db,
  endpointId: string,
  now: Date,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning();
  return row;
}

export async function markEndpointHealthy(db: Db, endpointId: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} is not null`));
}

/** Disables the endpoint if it is still enabled; true when this call disabled it (so one e-mail goes out). */
export async function disableEndpoint(
  db: Db,
  endpointId: string,
  now: Date,
  reason: WebhookDisabledReason,
): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ disabledAt: now, disabledReason: reason, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The enabled endpoints this user created or enabled last, in every application. */
export async function enabledEndpointsCreatedBy(db: Db, userId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.createdBy, userId), isNull(webhookEndpoints.disabledAt)));
}

/** A claimed delivery that was not attempted: due again at once (for when its endpoint is enabled again). */
export async function releaseDelivery(db: Db, deliveryId: string): Promise<void> {
  await db.update(webhookDeliveries).set({ nextAttemptAt: null }).where(eq(webhookDeliveries.id, deliveryId));
}
