import type { BillingCycle, BillingProviderName, PurchasableTier } from "../../../shared/billing/billing-dtos.ts";
import type { PlanTier } from "../../../shared/plans/plans.ts";
import type { SubscriptionRow } from "../../db/queries/usage.ts";

/** A provider subscription as Campo stores it: what every webhook, reconciliation and local payment boils down to. */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  /** The Campo user the provider's metadata names, when it does. */
  ownerId: string | null;
  /** Null when neither the price's lookup key nor the metadata names a tier Campo sells. */
  tier: PlanTier | null;
  cycle: BillingCycle | null;
  priceId: string | null;
  /** The provider's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  canceledAt: Date | null;
  /** Undefined: the source did not say (the stored card stays); null: no card. */
  paymentMethod?: { brand: string; last4: string } | null;
}

export interface InvoiceSnapshot {
  invoiceId: string;
  customerId: string | null;
  subscriptionId: string | null;
  ownerId: string | null;
  number: string | null;
  amountCents: number;
  currency: string;
  hostedUrl: string | null;
  pdfUrl: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  issuedAt: Date;
}

/** Provider events, normalized: Stripe webhooks and the local provider's payments both become these. */
export type BillingEvent = { id: string; occurredAt: Date } & (
  | {
      type: "checkout.completed";
      sessionId: string;
      ownerId: string | null;
      customerId: string | null;
      /** Fetched live from the provider when the event was read, so it is at least as new as any event. */
      subscription: SubscriptionSnapshot | null;
    }
  | { type: "subscription.changed"; subscription: SubscriptionSnapshot }
  | { type: "invoice.paid" | "invoice.failed"; invoice: InvoiceSnapshot }
);

export interface BillingOwner {
  id: string;
  email: string;
  name: string;
}

export interface CheckoutRequestInput {
  owner: BillingOwner;
  customerId: string;
  tier: PurchasableTier;
  cycle: BillingCycle;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutOutcome {
  status: "open" | "complete" | "expired";
  /** The live subscription the session started, when the provider has one to report. */
  subscription: SubscriptionSnapshot | null;
}

/** What Campo asks of whoever takes the payments. */
export interface BillingProvider {
  readonly name: BillingProviderName;
  createCustomer(owner: BillingOwner): Promise<string>;
  createCheckout(input: CheckoutRequestInput): Promise<{ sessionId: string; url: string }>;
  retrieveCheckout(sessionId: string): Promise<CheckoutOutcome>;
  /**
   * Closes an open checkout so it can no longer be paid (a newer checkout of the same owner replaces it); answers
   * "complete" when it was paid already. Local: the row is the session, nothing to call.
   */
  expireCheckout(sessionId: string): Promise<"expired" | "complete">;
  /** The live subscription; null when the stored row already is the truth (the local provider). */
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Moves the subscription to another price now, prorated; answers the subscription as it now is. */
  changePlan(
    current: SubscriptionRow & { providerSubscriptionId: string },
    tier: PurchasableTier,
    cycle: BillingCycle,
  ): Promise<SubscriptionSnapshot>;
  setCancelAtPeriodEnd(
    current: SubscriptionRow & { providerSubscriptionId: string },
    cancel: boolean,
  ): Promise<SubscriptionSnapshot>;
  /** Verifies a webhook's signature and normalizes it; null for event types Campo ignores. Local: none. */
  readonly webhooks?: { parse(rawBody: string, signature: string): Promise<BillingEvent | null> };
}
