import type Stripe from "stripe";
import { BILLING_CYCLES, PURCHASABLE_TIERS } from "../../../shared/billing/billing-dtos.ts";
import { parsePriceLookupKey } from "./price-keys.ts";
import type { BillingEvent, InvoiceSnapshot, SubscriptionSnapshot } from "./provider.ts";

/** Stripe objects → Campo's normalized snapshots (field names from Stripe's API, version 2025+: periods live on items). */

const fromUnix = (seconds: number | null | undefined): Date | null =>
  seconds == null ? null : new Date(seconds * 1000);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

function tierFromMetadata(metadata: Stripe.Metadata | null | undefined) {
  return {
    tier: PURCHASABLE_TIERS.find((tier) => tier === metadata?.tier) ?? null,
    cycle: BILLING_CYCLES.find((cycle) => cycle === metadata?.billingCycle) ?? null,
  };
}

export function subscriptionSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items?.data?.[0];
  const fromPrice = parsePriceLookupKey(item?.price?.lookup_key);
  const fromMetadata = tierFromMetadata(subscription.metadata);
  const method = subscription.default_payment_method;
  const card = method !== null && typeof method === "object" ? method.card : undefined;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    ownerId: subscription.metadata?.userId ?? null,
    tier: fromPrice?.tier ?? fromMetadata.tier,
    cycle: fromPrice?.cycle ?? fromMetadata.cycle,
    priceId: item?.price?.id ?? null,
    status: subscription.status,
    // The Customer Portal may cancel by date (cancel_at) rather than by the flag: both end the plan at that date.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at != null,
    currentPeriodStart: fromUnix(item?.current_period_start),
    currentPeriodEnd: fromUnix(subscription.cancel_at ?? item?.current_period_end),
    canceledAt: fromUnix(subscription.ended_at ?? subscription.canceled_at),
    paymentMethod: card ? { brand: card.brand, last4: card.last4 } : undefined,
  };
}

export function invoiceSnapshot(invoice: Stripe.Invoice, amountCents: number): InvoiceSnapshot {
  const details = invoice.parent?.subscription_details ?? null;
  const period = invoice.lines?.data?.[0]?.period;
  return {
    invoiceId: invoice.id ?? "",
    customerId: idOf(invoice.customer),
    subscriptionId: idOf(details?.subscription),
    ownerId: details?.metadata?.userId ?? null,
    number: invoice.number,
    amountCents,
    currency: invoice.currency.toUpperCase(),
    hostedUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
    periodStart: fromUnix(period?.start ?? invoice.period_start),
    periodEnd: fromUnix(period?.end ?? invoice.period_end),
    issuedAt: fromUnix(invoice.created) ?? new Date(),
  };
}

/**
 * The events Campo acts on; any other type is null (answered 200 and ignored). A completed checkout carries its
 * subscription fetched live through `fetchSubscription`, since the session itself only names it.
 */
export async function normalizeStripeEvent(
  event: Stripe.Event,
  fetchSubscription: (id: string) => Promise<SubscriptionSnapshot | null>,
): Promise<BillingEvent | null> {
  const base = { id: event.id, occurredAt: new Date(event.created * 1000) };
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.mode !== "subscription") return null;
      const subscriptionId = idOf(session.subscription);
      return {
        ...base,
        type: "checkout.completed",
        sessionId: session.id,
        ownerId: session.client_reference_id ?? session.metadata?.userId ?? null,
        customerId: idOf(session.customer),
        subscription: subscriptionId ? await fetchSubscription(subscriptionId) : null,
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return { ...base, type: "subscription.changed", subscription: subscriptionSnapshot(event.data.object) };
    case "invoice.paid":
      return {
        ...base,
        type: "invoice.paid",
        invoice: invoiceSnapshot(event.data.object, event.data.object.amount_paid),
      };
    case "invoice.payment_failed":
      return {
        ...base,
        type: "invoice.failed",
        invoice: invoiceSnapshot(event.data.object, event.data.object.amount_due),
      };
    default:
      return null;
  }
}
