import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { billingCheckoutSessions, billingEvents, billingInvoices, subscriptions, users } from "../schema/index.ts";
import type { SubscriptionRow } from "./usage.ts";
import { requireRow } from "../require-row.ts";

export type NewSubscription = typeof subscriptions.$inferInsert;
export type CheckoutSessionRow = typeof billingCheckoutSessions.$inferSelect;
export type NewCheckoutSession = typeof billingCheckoutSessions.$inferInsert;
export type InvoiceRow = typeof billingInvoices.$inferSelect;
export type NewInvoice = typeof billingInvoices.$inferInsert;
export type NewBillingEvent = typeof billingEvents.$inferInsert;

/** Serialises billing changes of one owner until the transaction ends (two webhooks for the same owner at once). */
export async function lockOwnerBilling(db: Db, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`campo:billing:${ownerId}`}, 0))`);
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

export async function findSubscriptionByCustomer(db: Db, customerId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerCustomerId, customerId));
  return row;
}

export async function findSubscriptionByProviderId(
  db: Db,
  subscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId));
  return row;
}

/** Writes the owner's subscription row, creating it (free, no provider subscription yet) when absent. */
export async function upsertSubscription(
  db: Db,
  userId: string,
  values: Omit<NewSubscription, "userId">,
): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return requireRow(row, "upsert subscription");
}

/** True when the event is new; false when its id was already stored (a replay, which then changes nothing). */
export async function insertBillingEvent(db: Db, event: NewBillingEvent): Promise<boolean> {
  const rows = await db
    .insert(billingEvents)
    .values(event)
    .onConflictDoNothing({ target: billingEvents.id })
    .returning({ id: billingEvents.id });
  return rows.length > 0;
}

export async function insertCheckoutSession(db: Db, session: NewCheckoutSession): Promise<void> {
  await db.insert(billingCheckoutSessions).values(session);
}

export async function findCheckoutSession(db: Db, id: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db.select().from(billingCheckoutSessions).where(eq(billingCheckoutSessions.id, id));
  return row;
}

/** The owner's checkout sessions still open at this provider. */
export async function openCheckoutSessions(db: Db, userId: string, provider: string): Promise<CheckoutSessionRow[]> {
  return db
    .select()
    .from(billingCheckoutSessions)
    .where(
      and(
        eq(billingCheckoutSessions.userId, userId),
        eq(billingCheckoutSessions.provider, provider),
        eq(billingCheckoutSessions.status, "open"),
      ),
    );
}

/** Moves an open session on; a session already complete or canceled keeps its status. True when this call closed it. */
export async function closeCheckoutSession(
  db: Db,
  id: string,
  status: "complete" | "canceled" | "expired",
): Promise<boolean> {
  const rows = await db
    .update(billingCheckoutSessions)
    .set({ status, completedAt: status === "complete" ? new Date() : null })
    .where(and(eq(billingCheckoutSessions.id, id), eq(billingCheckoutSessions.status, "open")))
    .returning({ id: billingCheckoutSessions.id });
  return rows.length > 0;
}

/** An invoice once per provider id; a later event about it (failed, then paid) updates its status. */
export async function upsertInvoice(db: Db, invoice: NewInvoice): Promise<void> {
  await db
    .insert(billingInvoices)
    .values(invoice)
    .onConflictDoUpdate({
      target: billingInvoices.providerInvoiceId,
      set: {
        status: invoice.status,
        amountCents: invoice.amountCents,
        hostedUrl: invoice.hostedUrl,
        pdfUrl: invoice.pdfUrl,
        number: invoice.number,
      },
    });
}

export async function listInvoices(db: Db, userId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.userId, userId))
    .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.id));
}
