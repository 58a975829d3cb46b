import {
  PURCHASABLE_TIERS,
  type BillingCycle,
  type PurchasableTier,
  type SubscriptionDto,
} from "../../../../shared/billing/billing-dtos.ts";
import type { PlanTier } from "../../../../shared/plans/plans.ts";
import { planDirection } from "./pricing.ts";

/**
 * What a plan card's button does, for the cycle the page shows. current: disabled 'Plano atual'. checkout: a free
 * owner buys it. change: a subscribed owner moves to it, or to its other billing cycle. contact: Custom, agreed through the contact form. cancelToFree: the free card of a
 * subscribed owner (going back to free is cancelling). none: no action (a custom-plan owner's other plans).
 * signUp: a visitor on /pricing creates an account first.
 */
export type PlanAction =
  | { kind: "current" }
  | { kind: "checkout"; tier: PurchasableTier }
  | { kind: "change"; tier: PurchasableTier; direction: "upgrade" | "downgrade" | "cycle" }
  | { kind: "contact" }
  | { kind: "cancelToFree" }
  | { kind: "none" }
  | { kind: "signUp" };

function purchasable(tier: PlanTier): tier is PurchasableTier {
  return (PURCHASABLE_TIERS as readonly PlanTier[]).includes(tier);
}

export function planAction(
  target: PlanTier,
  subscription: Pick<SubscriptionDto, "tier" | "subscribed" | "isCustomPlan" | "billingCycle">,
  cycle: BillingCycle,
): PlanAction {
  const direction = planDirection(subscription.tier, target);
  if (direction === "same") {
    const otherCycle =
      subscription.subscribed && subscription.billingCycle !== null && subscription.billingCycle !== cycle;
    return otherCycle && purchasable(target) && !subscription.isCustomPlan
      ? { kind: "change", tier: target, direction: "cycle" }
      : { kind: "current" };
  }
  if (target === "custom") return { kind: "contact" };
  if (subscription.isCustomPlan) return { kind: "none" };
  if (!purchasable(target)) return subscription.subscribed ? { kind: "cancelToFree" } : { kind: "none" };
  if (!subscription.subscribed) return { kind: "checkout", tier: target };
  return { kind: "change", tier: target, direction };
}
