import type { AppContext } from "../../context.ts";
import type { SessionUser } from "../../auth/session.ts";
import type { Db } from "../../db/client.ts";
import {
  closeCheckoutSession,
  findCheckoutSession,
  insertCheckoutSession,
  listInvoices,
  lockOwnerBilling,
  openCheckoutSessions,
  upsertSubscription,
} from "../../db/queries/billing.ts";
import { findSubscription, findUserLimits, type SubscriptionRow } from "../../db/queries/usage.ts";
import { ApiError } from "../../lib/api-error.ts";
import { presentInvoice, presentSubscription } from "../../presenters/billing-presenter.ts";
import type {
  BillingCycle,
  CheckoutResponse,
  InvoiceDto,
  PurchasableTier,
  SubscriptionDto,
} from "../../../shared/billing/billing-dtos.ts";
import { limitOverages, limitsFor } from "../../../shared/plans/plans.ts";
import { loadOwnerUsage } from "../applications/usage.ts";
import { applyLiveSubscription } from "./apply-billing-event.ts";
import type { BillingProvider } from "./provider.ts";
import { isInForce } from "./subscription-state.ts";

type ProviderRow = SubscriptionRow & { providerSubscriptionId: string };

/** A paid plan (or a checkout already paid at the provider) is in force: the owner changes the plan instead. */
export function subscriptionExists(): ApiError {
  return new ApiError("SUBSCRIPTION_EXISTS", "A paid plan is in force: change the plan instead");
}

/** Campo's URLs the provider sends the owner back to. */
export function checkoutReturnUrls(publicUrl: string) {
  return {
    success: (sessionId: string) => `${publicUrl}/subscription-success?session_id=${encodeURIComponent(sessionId)}`,
    stripeSuccess: `${publicUrl}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel: `${publicUrl}/subscription-canceled`,
  };
}

/** The billing work of one signed-in owner; routes hold the permission checks. */
export function billingService(context: AppContext, provider: BillingProvider) {
  const db = context.database.db;
  const urls = checkoutReturnUrls(context.config.publicUrl);

  async function subscription(user: SessionUser): Promise<SubscriptionDto> {
    const owner = await loadOwnerUsage(db, user);
    const row = await findSubscription(db, user.id);
    const limitsRow = await findUserLimits(db, user.id);
    return presentSubscription({ owner, row, limitsRow, provider: provider.name, isSuperAdmin: user.isSuperAdmin });
  }

  /** The provider subscription in force (custom plans agreed outside the provider have none). */
  async function providerSubscription(user: SessionUser): Promise<ProviderRow> {
    const row = await findSubscription(db, user.id);
    if (!row || !row.providerSubscriptionId || row.provider !== provider.name || !isInForce(row)) {
      throw new ApiError("NO_ACTIVE_SUBSCRIPTION", "No active subscription");
    }
    return row as ProviderRow;
  }

  /** The owner's customer at the provider: created once, then reused for every checkout. */
  async function customerId(tx: Db, user: SessionUser): Promise<string> {
    const row = await findSubscription(tx, user.id);
    if (row?.providerCustomerId && row.provider === provider.name) return row.providerCustomerId;
    const created = await provider.createCustomer({ id: user.id, email: user.email, name: user.name });
    await upsertSubscription(tx, user.id, {
      provider: provider.name,
      providerCustomerId: created,
      ...(row ? {} : { status: "none" }),
    });
    return created;
  }

  return {
    subscription,

    /**
     * One open checkout per owner, under the owner's billing lock: a newer checkout closes the older ones at the
     * provider first, so two checkouts can never both be paid; one already paid there refuses the new checkout.
     */
    async checkout(user: SessionUser, tier: PurchasableTier, cycle: BillingCycle): Promise<CheckoutResponse> {
      return db.transaction(async (tx) => {
        await lockOwnerBilling(tx, user.id);
        const { plan } = await loadOwnerUsage(tx, user);
        if (plan.tier === tier) throw new ApiError("SAME_PLAN", "This is already your plan");
        if (plan.hasActiveSubscription) throw subscriptionExists();
        for (const open of await openCheckoutSessions(tx, user.id, provider.name)) {
          if ((await provider.expireCheckout(open.id)) === "complete") throw subscriptionExists();
          await closeCheckoutSession(tx, open.id, "expired");
        }
        const owner = { id: user.id, email: user.email, name: user.name };
        const session = await provider.createCheckout({
          owner,
          customerId: await customerId(tx, user),
          tier,
          cycle,
          successUrl: urls.stripeSuccess,
          cancelUrl: urls.cancel,
        });
        await insertCheckoutSession(tx, {
          id: session.sessionId,
          userId: user.id,
          provider: provider.name,
          tier,
          billingCycle: cycle,
        });
        return { url: session.url, sessionId: session.sessionId };
      });
    },

    /** The success page: reconciles with the provider before its webhook may have arrived. */
    async check(user: SessionUser, sessionId: string | undefined): Promise<SubscriptionDto> {
      if (sessionId !== undefined) {
        const session = await findCheckoutSession(db, sessionId);
        if (!session || session.userId !== user.id || session.provider !== provider.name) {
          throw new ApiError("CHECKOUT_SESSION_INVALID", "No such checkout session");
        }
        const outcome = await provider.retrieveCheckout(sessionId);
        if (outcome.status === "expired") await closeCheckoutSession(db, sessionId, "expired");
        if (outcome.subscription)
          await applyLiveSubscription(context, provider.name, user.id, outcome.subscription, user);
      } else {
        const row = await findSubscription(db, user.id);
        if (row?.providerSubscriptionId && row.provider === provider.name) {
          const live = await provider.retrieveSubscription(row.providerSubscriptionId);
          if (live) await applyLiveSubscription(context, provider.name, user.id, live, user);
        }
      }
      return subscription(user);
    },

    async portal(user: SessionUser): Promise<string> {
      const row = await findSubscription(db, user.id);
      if (!row?.providerCustomerId || row.provider !== provider.name)
        throw new ApiError("NO_ACTIVE_SUBSCRIPTION", "No billing account yet");
      return provider.portalUrl(row.providerCustomerId, `${context.config.publicUrl}/subscription`);
    },

    async changePlan(
      user: SessionUser,
      tier: PurchasableTier,
      requestedCycle: BillingCycle | undefined,
    ): Promise<SubscriptionDto> {
      const row = await providerSubscription(user);
      const cycle = requestedCycle ?? row.billingCycle;
      if (row.tier === tier && row.billingCycle === cycle) throw new ApiError("SAME_PLAN", "This is already your plan");
      const { plan, usage } = await loadOwnerUsage(db, user);
      const overages = limitOverages(
        usage,
        limitsFor(tier, { isSuperAdmin: user.isSuperAdmin, overrides: plan.overrides }),
      );
      if (overages.length > 0)
        throw new ApiError("DOWNGRADE_BLOCKED", "Usage exceeds the target plan's limits", overages);
      await applyLiveSubscription(context, provider.name, user.id, await provider.changePlan(row, tier, cycle), user);
      return subscription(user);
    },

    async setCancel(user: SessionUser, cancel: boolean): Promise<SubscriptionDto> {
      const row = await providerSubscription(user);
      if (row.cancelAtPeriodEnd !== cancel) {
        const live = await provider.setCancelAtPeriodEnd(row, cancel);
        await applyLiveSubscription(context, provider.name, user.id, live, user);
      }
      return subscription(user);
    },

    async invoices(user: SessionUser): Promise<InvoiceDto[]> {
      return (await listInvoices(db, user.id)).map(presentInvoice);
    },
  };
}
