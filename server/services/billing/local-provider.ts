import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { findCheckoutSession } from "../../db/queries/billing.ts";
import type { SubscriptionRow } from "../../db/queries/usage.ts";
import type { BillingCycle, PurchasableTier } from "../../../shared/billing/billing-dtos.ts";
import { isPlanTier } from "../../../shared/plans/plans.ts";
import { priceLookupKey } from "./price-keys.ts";
import type { BillingProvider, SubscriptionSnapshot } from "./provider.ts";

export const localId = (prefix: string): string => `${prefix}_local_${randomBytes(12).toString("hex")}`;

/** The card the local provider "charges". */
export const LOCAL_CARD = { brand: "visa", last4: "4242" } as const;

/** One billing period from `start`: a calendar month or a year. */
export function periodEnd(start: Date, cycle: BillingCycle): Date {
  const end = new Date(start);
  if (cycle === "yearly") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** The stored row as a snapshot, so local changes go through the same code as Stripe's answers. */
export function snapshotOfRow(row: SubscriptionRow & { providerSubscriptionId: string }): SubscriptionSnapshot {
  return {
    subscriptionId: row.providerSubscriptionId,
    customerId: row.providerCustomerId ?? "",
    ownerId: row.userId,
    tier: isPlanTier(row.tier) ? row.tier : null,
    cycle: row.billingCycle,
    priceId: row.providerPriceId,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    canceledAt: row.canceledAt,
  };
}

/**
 * Campo plays the payment provider (the embedded default): checkout is Campo's own page, payments always succeed
 * (see local-billing.ts) and plan changes, cancels and resumes take effect at once.
 */
export function createLocalProvider(db: Db, publicUrl: string): BillingProvider {
  return {
    name: "local",
    createCustomer: async () => localId("cus"),
    createCheckout: async () => {
      const sessionId = localId("cs");
      return { sessionId, url: `${publicUrl}/billing/local-checkout?session=${encodeURIComponent(sessionId)}` };
    },
    // Paying applied everything already: the row is the truth.
    retrieveCheckout: async (sessionId) => {
      const status = (await findCheckoutSession(db, sessionId))?.status;
      return {
        status: status === "complete" ? "complete" : status === "expired" ? "expired" : "open",
        subscription: null,
      };
    },
    expireCheckout: async () => "expired",
    retrieveSubscription: async () => null,
    portalUrl: async () => `${publicUrl}/billing/local-portal`,
    changePlan: async (current, tier: PurchasableTier, cycle: BillingCycle) => ({
      ...snapshotOfRow(current),
      tier,
      cycle,
      priceId: priceLookupKey(tier, cycle),
    }),
    setCancelAtPeriodEnd: async (current, cancel) => ({
      ...snapshotOfRow(current),
      cancelAtPeriodEnd: cancel,
      canceledAt: cancel ? new Date() : null,
    }),
  };
}
