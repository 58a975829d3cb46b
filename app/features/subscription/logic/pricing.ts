import type { BillingCycle } from "../../../../shared/billing/billing-dtos.ts";
import { PLAN_TIERS, type Plan, type PlanTier } from "../../../../shared/plans/plans.ts";

/** What the plan costs per billing cycle, in cents; null when agreed on consultation (custom). */
export function priceFor(plan: Plan, cycle: BillingCycle): number | null {
  return cycle === "yearly" ? plan.yearlyPriceCents : plan.monthlyPriceCents;
}

/** What a year on the yearly price saves against twelve monthly charges (one month); null when nothing is saved. */
export function yearlySaving(plan: Plan): number | null {
  if (plan.monthlyPriceCents === null || plan.yearlyPriceCents === null || plan.monthlyPriceCents === 0) return null;
  return plan.monthlyPriceCents * 12 - plan.yearlyPriceCents;
}

export type PlanDirection = "same" | "upgrade" | "downgrade";

/** Tiers are ordered from free to custom: a later tier is an upgrade. */
export function planDirection(from: PlanTier, to: PlanTier): PlanDirection {
  const delta = PLAN_TIERS.indexOf(to) - PLAN_TIERS.indexOf(from);
  if (delta === 0) return "same";
  return delta > 0 ? "upgrade" : "downgrade";
}
