import type { Db } from "../../db/client.ts";
import { customPlanPrices, paidSubscriptionGroups } from "../../db/queries/admin-revenue.ts";
import type { AdminRevenue, RevenuePlanRow } from "../../../shared/admin/admin-dtos.ts";
import type { BillingCycle } from "../../../shared/billing/billing-dtos.ts";
import { isPlanTier, PLANS } from "../../../shared/plans/plans.ts";

/** What one subscription brings in a month: the plan's monthly price, or its yearly price spread over 12 months. */
function monthlyCents(tier: string, cycle: BillingCycle): number {
  if (!isPlanTier(tier)) return 0;
  const plan = PLANS[tier];
  const price = cycle === "yearly" ? plan.yearlyPriceCents : plan.monthlyPriceCents;
  return price === null ? 0 : cycle === "yearly" ? Math.round(price / 12) : price;
}

/**
 * Active subscriptions by plan × cycle and the MRR they bring. past_due subscriptions are counted apart and not in
 * the MRR (their payment is failing); custom plans bring the monthly price agreed in user_limits.
 */
export async function loadRevenue(db: Db): Promise<AdminRevenue> {
  const groups = await paidSubscriptionGroups(db);
  const custom = await customPlanPrices(db);
  const byKey = new Map<string, RevenuePlanRow>();
  let pastDue = 0;
  for (const group of groups) {
    if (group.status === "past_due") {
      pastDue += group.subscriptions;
      continue;
    }
    const key = `${group.tier}:${group.billing_cycle}`;
    const row = byKey.get(key) ?? {
      tier: group.tier,
      billingCycle: group.billing_cycle,
      subscriptions: 0,
      mrrCents: 0,
    };
    row.subscriptions += group.subscriptions;
    row.mrrCents += group.subscriptions * monthlyCents(group.tier, group.billing_cycle);
    byKey.set(key, row);
  }
  const byPlan = [...byKey.values()].sort((a, b) => b.mrrCents - a.mrrCents || a.tier.localeCompare(b.tier));
  if (custom.length > 0) {
    byPlan.push({
      tier: "custom",
      billingCycle: "monthly",
      subscriptions: custom.length,
      mrrCents: custom.reduce((sum, row) => sum + (row.monthly_price_cents ?? 0), 0),
    });
  }
  return {
    byPlan,
    mrrCents: byPlan.reduce((sum, row) => sum + row.mrrCents, 0),
    activeSubscriptions: byPlan.reduce((sum, row) => sum + row.subscriptions, 0),
    pastDue,
    currency: "BRL",
  };
}
