import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import {
  closeCheckoutSession,
  findCheckoutSession,
  findSubscriptionByCustomer,
  findSubscriptionByProviderId,
  insertBillingEvent,
  lockOwnerBilling,
  upsertInvoice,
  upsertSubscription,
  userExists,
} from "../../db/queries/billing.ts";
import { findSubscription, type SubscriptionRow } from "../../db/queries/usage.ts";
import type { BillingProviderName } from "../../../shared/billing/billing-dtos.ts";
import { planChange } from "../audit/plan-audit.ts";
import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { sendBillingNotices, transitionNotices, type BillingNotice } from "./billing-notices.ts";
import type { BillingEvent, InvoiceSnapshot, SubscriptionSnapshot } from "./provider.ts";
import { isInForce } from "./subscription-state.ts";

/**
 * Applies one provider event exactly once: its id is stored in billing_events in the same transaction as its
 * effect, so a replay (or a concurrent duplicate delivery) finds the id and changes nothing. Its e-mails are written in
 * that transaction too (the job queue delivers them after the commit). Answers false for a replay.
 */
export async function applyBillingEvent(
  context: AppContext,
  provider: BillingProviderName,
  event: BillingEvent,
): Promise<boolean> {
  return context.database.db.transaction((tx) => applyBillingEventIn(context, tx, provider, event));
}

/** applyBillingEvent inside a transaction the caller holds (the local payment, which also holds the owner's lock). */
export async function applyBillingEventIn(
  context: AppContext,
  tx: Db,
  provider: BillingProviderName,
  event: BillingEvent,
): Promise<boolean> {
  const ownerId = await resolveOwner(tx, event);
  if (
    !(await insertBillingEvent(tx, {
      id: event.id,
      provider,
      type: event.type,
      occurredAt: event.occurredAt,
      userId: ownerId,
    }))
  )
    return false;
  if (!ownerId) return true;
  await lockOwnerBilling(tx, ownerId);
  const before = await findSubscription(tx, ownerId);
  await applyEffect(tx, provider, ownerId, before, event);
  const after = await findSubscription(tx, ownerId);
  // The provider's own events (renewals, charges, a finished checkout) have no actor in Campo.
  await recordAudit(tx, null, ...planChange(ownerId, before, after));
  const notices: BillingNotice[] = transitionNotices(ownerId, before, after);
  if (event.type === "invoice.failed")
    notices.push({ kind: "payment_failed", ownerId, amountCents: event.invoice.amountCents });
  await sendBillingNotices(context, tx, notices);
  return true;
}

/**
 * Writes a subscription Campo fetched from the provider itself (the success page, a plan change, a cancel): it is
 * the newest state there is, so it applies whatever events came before, and sets last_event_at to now (to the
 * second, the precision of the provider's event times) so events older than it no longer apply.
 */
export async function applyLiveSubscription(
  context: AppContext,
  provider: BillingProviderName,
  ownerId: string,
  snapshot: SubscriptionSnapshot,
  actor: AuditActor,
): Promise<void> {
  await context.database.db.transaction(async (tx) => {
    await lockOwnerBilling(tx, ownerId);
    const before = await findSubscription(tx, ownerId);
    await writeSnapshot(tx, provider, ownerId, before, snapshot, { live: true, occurredAt: new Date() });
    const after = await findSubscription(tx, ownerId);
    await recordAudit(tx, actor, ...planChange(ownerId, before, after));
    await sendBillingNotices(context, tx, transitionNotices(ownerId, before, after));
  });
}

async function applyEffect(
  tx: Db,
  provider: BillingProviderName,
  ownerId: string,
  before: SubscriptionRow | undefined,
  event: BillingEvent,
): Promise<void> {
  switch (event.type) {
    case "checkout.completed":
      await closeCheckoutSession(tx, event.sessionId, "complete");
      if (event.subscription)
        await writeSnapshot(tx, provider, ownerId, before, event.subscription, {
          live: true,
          occurredAt: event.occurredAt,
        });
      else if (event.customerId)
        await upsertSubscription(tx, ownerId, {
          provider,
          providerCustomerId: event.customerId,
          ...(before ? {} : { status: "none" }),
        });
      return;
    case "subscription.changed":
      await writeSnapshot(tx, provider, ownerId, before, event.subscription, {
        live: false,
        occurredAt: event.occurredAt,
      });
      return;
    case "invoice.paid":
    case "invoice.failed":
      await recordInvoice(
        tx,
        provider,
        ownerId,
        before,
        event.type === "invoice.paid" ? "paid" : "failed",
        event.invoice,
        event.occurredAt,
      );
      return;
  }
}

function isStale(before: SubscriptionRow | undefined, occurredAt: Date): boolean {
  return before?.lastEventAt != null && occurredAt < before.lastEventAt;
}

function floorToSecond(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

async function writeSnapshot(
  tx: Db,
  provider: BillingProviderName,
  ownerId: string,
  before: SubscriptionRow | undefined,
  snapshot: SubscriptionSnapshot,
  { live, occurredAt }: { live: boolean; occurredAt: Date },
): Promise<void> {
  // An event older than the state in place is recorded (billing_events) but does not overwrite it.
  if (!live && isStale(before, occurredAt)) return;
  // The end of an old subscription does not end the one that replaced it.
  const replaced = before?.providerSubscriptionId != null && before.providerSubscriptionId !== snapshot.subscriptionId;
  if (replaced && isInForce(before) && !isInForce({ ...snapshot, tier: snapshot.tier ?? before.tier })) return;
  const eventAt = live ? floorToSecond(new Date()) : occurredAt;
  const lastEventAt = before?.lastEventAt && before.lastEventAt > eventAt ? before.lastEventAt : eventAt;
  await upsertSubscription(tx, ownerId, {
    tier: snapshot.tier ?? before?.tier ?? "free",
    billingCycle: snapshot.cycle ?? before?.billingCycle ?? "monthly",
    status: snapshot.status,
    provider,
    providerCustomerId: snapshot.customerId,
    providerSubscriptionId: snapshot.subscriptionId,
    providerPriceId: snapshot.priceId,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    currentPeriodStart: snapshot.currentPeriodStart,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    canceledAt: snapshot.canceledAt,
    ...(snapshot.paymentMethod === undefined
      ? {}
      : {
          paymentMethodBrand: snapshot.paymentMethod?.brand ?? null,
          paymentMethodLast4: snapshot.paymentMethod?.last4 ?? null,
        }),
    lastEventAt,
  });
}

/**
 * Keeps the invoice for 'Minha assinatura'. A failed charge puts an active subscription past due, a paid one
 * brings a past-due subscription back (the provider's own subscription event says the same; whichever comes first
 * wins, and an invoice event older than the state in place does not change the status).
 */
async function recordInvoice(
  tx: Db,
  provider: BillingProviderName,
  ownerId: string,
  before: SubscriptionRow | undefined,
  status: "paid" | "failed",
  invoice: InvoiceSnapshot,
  occurredAt: Date,
): Promise<void> {
  await upsertInvoice(tx, {
    userId: ownerId,
    provider,
    providerInvoiceId: invoice.invoiceId,
    number: invoice.number,
    amountCents: invoice.amountCents,
    currency: invoice.currency,
    status,
    hostedUrl: invoice.hostedUrl,
    pdfUrl: invoice.pdfUrl,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    issuedAt: invoice.issuedAt,
  });
  if (
    !before ||
    isStale(before, occurredAt) ||
    (invoice.subscriptionId && invoice.subscriptionId !== before.providerSubscriptionId)
  )
    return;
  const next =
    status === "failed" && before.status === "active"
      ? "past_due"
      : status === "paid" && before.status === "past_due"
        ? "active"
        : null;
  if (next) await upsertSubscription(tx, ownerId, { status: next, lastEventAt: occurredAt });
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Campo user an event is about: named in its metadata, or found by the provider's customer or subscription id. */
async function resolveOwner(tx: Db, event: BillingEvent): Promise<string | null> {
  const named =
    event.type === "checkout.completed"
      ? (event.ownerId ?? event.subscription?.ownerId ?? (await findCheckoutSession(tx, event.sessionId))?.userId)
      : event.type === "subscription.changed"
        ? event.subscription.ownerId
        : event.invoice.ownerId;
  if (named && UUID_PATTERN.test(named) && (await userExists(tx, named))) return named;
  const customerId =
    event.type === "checkout.completed"
      ? event.customerId
      : event.type === "subscription.changed"
        ? event.subscription.customerId
        : event.invoice.customerId;
  const byCustomer = customerId ? await findSubscriptionByCustomer(tx, customerId) : undefined;
  if (byCustomer) return byCustomer.userId;
  const subscriptionId =
    event.type === "subscription.changed"
      ? event.subscription.subscriptionId
      : event.type === "checkout.completed"
        ? null
        : event.invoice.subscriptionId;
  return subscriptionId ? ((await findSubscriptionByProviderId(tx, subscriptionId))?.userId ?? null) : null;
}
