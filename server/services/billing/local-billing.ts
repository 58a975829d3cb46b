import type { AppContext } from "../../context.ts";
import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import {
  closeCheckoutSession,
  findCheckoutSession,
  lockOwnerBilling,
  type CheckoutSessionRow,
} from "../../db/queries/billing.ts";
import { findSubscription } from "../../db/queries/usage.ts";
import { ApiError } from "../../lib/api-error.ts";
import {
  PURCHASABLE_TIERS,
  type LocalCheckoutSessionDto,
  type LocalSimulation,
  type PurchasableTier,
} from "../../../shared/billing/billing-dtos.ts";
import { PLANS } from "../../../shared/plans/plans.ts";
import { loadOwnerPlan } from "../applications/owner-plan.ts";
import { applyBillingEvent, applyBillingEventIn } from "./apply-billing-event.ts";
import { checkoutReturnUrls, subscriptionExists } from "./billing-service.ts";
import { LOCAL_CARD, localId, periodEnd, snapshotOfRow } from "./local-provider.ts";
import { priceLookupKey } from "./price-keys.ts";
import type { BillingEvent, InvoiceSnapshot, SubscriptionSnapshot } from "./provider.ts";
import { isInForce } from "./subscription-state.ts";

type EventBody = BillingEvent extends infer E ? (E extends BillingEvent ? Omit<E, "id" | "occurredAt"> : never) : never;

/**
 * What Stripe would do on its own, played by Campo: a payment on the local checkout page and, for tests and demos,
 * failed and recovered charges and the end of a period. Every change is a normalized event applied by the same
 * code as Stripe's webhooks.
 */
export function localBilling(context: AppContext) {
  const db = context.database.db;
  const urls = checkoutReturnUrls(context.config.publicUrl);

  /** Applies the events in order, each in its own transaction or all in the caller's (`tx`). */
  async function emit(bodies: EventBody[], tx?: Db): Promise<void> {
    for (const body of bodies) {
      const event = { ...body, id: localId("evt"), occurredAt: new Date() };
      await (tx ? applyBillingEventIn(context, tx, "local", event) : applyBillingEvent(context, "local", event));
    }
  }

  async function ownSession(
    user: SessionUser,
    id: string,
    tx: Db = db,
  ): Promise<CheckoutSessionRow & { tier: PurchasableTier }> {
    const session = await findCheckoutSession(tx, id);
    const tier = PURCHASABLE_TIERS.find((t) => t === session?.tier);
    if (!session || !tier || session.userId !== user.id || session.provider !== "local")
      throw new ApiError("CHECKOUT_SESSION_INVALID", "No such checkout session");
    return { ...session, tier };
  }

  function price(tier: PurchasableTier, cycle: "monthly" | "yearly"): number {
    return (cycle === "yearly" ? PLANS[tier].yearlyPriceCents : PLANS[tier].monthlyPriceCents) ?? 0;
  }

  function invoice(snapshot: SubscriptionSnapshot, amountCents: number): InvoiceSnapshot {
    return {
      invoiceId: localId("in"),
      customerId: snapshot.customerId,
      subscriptionId: snapshot.subscriptionId,
      ownerId: snapshot.ownerId,
      number: null,
      amountCents,
      currency: "BRL",
      hostedUrl: null,
      pdfUrl: null,
      periodStart: snapshot.currentPeriodStart,
      periodEnd: snapshot.currentPeriodEnd,
      issuedAt: new Date(),
    };
  }

  return {
    async session(user: SessionUser, id: string): Promise<LocalCheckoutSessionDto> {
      const session = await ownSession(user, id);
      const status =
        session.status === "complete" || session.status === "canceled" || session.status === "expired"
          ? session.status
          : "open";
      return {
        id: session.id,
        tier: session.tier,
        billingCycle: session.billingCycle,
        amountCents: price(session.tier, session.billingCycle),
        currency: "BRL",
        status,
      };
    },

    /**
     * Pays the session: checkout completed, the subscription active for one period, its invoice paid. All of it in
     * one transaction under the owner's billing lock, so two payments at once (a double click, or two checkouts
     * paid together) charge once: the second finds the session complete, or the plan in force and is refused.
     */
    async pay(user: SessionUser, id: string): Promise<{ redirectUrl: string }> {
      await ownSession(user, id);
      return db.transaction(async (tx) => {
        await lockOwnerBilling(tx, user.id);
        const session = await ownSession(user, id, tx);
        if (session.status === "complete") return { redirectUrl: urls.success(session.id) };
        if (session.status !== "open")
          throw new ApiError("CHECKOUT_SESSION_INVALID", "This checkout session is closed");
        if ((await loadOwnerPlan(tx, user.id, { isSuperAdmin: user.isSuperAdmin })).hasActiveSubscription)
          throw subscriptionExists();
        const customerId = (await findSubscription(tx, user.id))?.providerCustomerId ?? localId("cus");
        const now = new Date();
        const subscription: SubscriptionSnapshot = {
          subscriptionId: localId("sub"),
          customerId,
          ownerId: user.id,
          tier: session.tier,
          cycle: session.billingCycle,
          priceId: priceLookupKey(session.tier, session.billingCycle),
          status: "active",
          cancelAtPeriodEnd: false,
          currentPeriodStart: now,
          currentPeriodEnd: periodEnd(now, session.billingCycle),
          canceledAt: null,
          paymentMethod: LOCAL_CARD,
        };
        await emit(
          [
            { type: "checkout.completed", sessionId: session.id, ownerId: user.id, customerId, subscription: null },
            { type: "subscription.changed", subscription },
            { type: "invoice.paid", invoice: invoice(subscription, price(session.tier, session.billingCycle)) },
          ],
          tx,
        );
        return { redirectUrl: urls.success(session.id) };
      });
    },

    async cancelSession(user: SessionUser, id: string): Promise<{ redirectUrl: string }> {
      const session = await ownSession(user, id);
      await closeCheckoutSession(db, session.id, "canceled");
      return { redirectUrl: urls.cancel };
    },

    async simulate(user: SessionUser, simulation: LocalSimulation): Promise<void> {
      const row = await findSubscription(db, user.id);
      if (!row || row.provider !== "local" || !row.providerSubscriptionId || !isInForce(row)) {
        throw new ApiError("NO_ACTIVE_SUBSCRIPTION", "No active subscription");
      }
      const current = snapshotOfRow({ ...row, providerSubscriptionId: row.providerSubscriptionId });
      const tier = PURCHASABLE_TIERS.find((t) => t === row.tier);
      const amount = tier ? price(tier, row.billingCycle) : 0;
      const now = new Date();
      if (simulation === "payment_failed") {
        await emit([
          { type: "subscription.changed", subscription: { ...current, status: "past_due" } },
          { type: "invoice.failed", invoice: invoice(current, amount) },
        ]);
      } else if (simulation === "payment_recovered") {
        await emit([
          { type: "subscription.changed", subscription: { ...current, status: "active" } },
          { type: "invoice.paid", invoice: invoice(current, amount) },
        ]);
      } else if (row.cancelAtPeriodEnd || row.status === "past_due") {
        // The period ends with nothing (more) to charge: the subscription ends, the free limits apply, nothing is deleted.
        await emit([
          {
            type: "subscription.changed",
            subscription: { ...current, status: "canceled", currentPeriodEnd: now, canceledAt: now },
          },
        ]);
      } else {
        const renewed = { ...current, currentPeriodStart: now, currentPeriodEnd: periodEnd(now, row.billingCycle) };
        await emit([
          { type: "subscription.changed", subscription: renewed },
          { type: "invoice.paid", invoice: invoice(renewed, amount) },
        ]);
      }
    },
  };
}
