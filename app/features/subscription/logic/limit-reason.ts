import {
  LIMIT_REASONS,
  PURCHASABLE_TIERS,
  type BillingLimitsDto,
  type LimitReason,
  type PurchasableTier,
} from "../../../../shared/billing/billing-dtos.ts";
import { PLANS, type PlanLimits } from "../../../../shared/plans/plans.ts";

/** The `?limit=` of /subscription, or null for a missing or unknown value. */
export function parseLimitReason(value: string | null): LimitReason | null {
  return LIMIT_REASONS.find((reason) => reason === value) ?? null;
}

const PLAN_LIMIT: Record<LimitReason, keyof PlanLimits> = {
  submissions: "maxSubmissions",
  applications: "maxApplications",
  members: "maxTeamMembers",
  storage: "storageLimitGb",
};

const OWNER_LIMIT: Record<LimitReason, keyof BillingLimitsDto> = {
  submissions: "submissions",
  applications: "applications",
  members: "teamMembers",
  storage: "storageGb",
};

/** The limit the owner has now for that reason (records, applications, members, GB); null = unlimited. */
export function currentLimit(reason: LimitReason, limits: BillingLimitsDto): number | null {
  return limits[OWNER_LIMIT[reason]];
}

/** The limit a plan gives for that reason; null = unlimited. */
export function planLimit(reason: LimitReason, tier: PurchasableTier): number | null {
  return PLANS[tier].limits[PLAN_LIMIT[reason]];
}

/**
 * The cheapest plan that raises the limit that was hit: Básico for records, Premium for applications and members
 * on the free plan (Básico keeps 3 of each). Null when no plan for sale goes further (only Custom does).
 */
export function upgradeFor(reason: LimitReason, limits: BillingLimitsDto): PurchasableTier | null {
  const now = currentLimit(reason, limits);
  if (now === null) return null;
  return (
    PURCHASABLE_TIERS.find((tier) => {
      const offered = planLimit(reason, tier);
      return offered === null || offered > now;
    }) ?? null
  );
}
