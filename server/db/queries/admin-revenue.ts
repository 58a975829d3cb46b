import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";

export interface PaidSubscriptionGroup {
  tier: string;
  billing_cycle: "monthly" | "yearly";
  status: string;
  subscriptions: number;
}

/**
 * Provider subscriptions that pay (active, trialing, past_due) grouped by plan, cycle and status; owners on a custom
 * plan are left out here, their price comes from user_limits (customPlanPrices).
 */
export async function paidSubscriptionGroups(db: Db): Promise<PaidSubscriptionGroup[]> {
  return queryRows<PaidSubscriptionGroup>(
    db,
    sql`select s.tier, s.billing_cycle, s.status, count(*)::int as subscriptions
        from subscriptions s left join user_limits l on l.user_id = s.user_id
        where s.status in ('active', 'trialing', 'past_due') and s.tier <> 'free'
          and not (s.cancel_at_period_end and s.current_period_end is not null and s.current_period_end <= now())
          and coalesce(l.is_custom_plan, false) = false
        group by s.tier, s.billing_cycle, s.status`,
  );
}

/** Owners on a custom plan and the monthly price agreed with each (null when none was set). */
export async function customPlanPrices(db: Db): Promise<{ monthly_price_cents: number | null }[]> {
  return queryRows(db, sql`select monthly_price_cents from user_limits where is_custom_plan`);
}
