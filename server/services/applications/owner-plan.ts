import type { Db } from "../../db/client.ts";
import { isSuperAdminEmail } from "../../auth/super-admin.ts";
import {
  findOwnerPlanRows,
  type OwnerPlanRows,
  type SubscriptionRow,
  type UserLimitsRow,
} from "../../db/queries/usage.ts";
import { isInForce } from "../billing/subscription-state.ts";
import { limitsFor, type LimitOverrides, type PlanLimits, type PlanTier } from "../../../shared/plans/plans.ts";

export interface OwnerSubscription {
  tier: PlanTier;
  /** A paid (or custom) plan currently in force; the free plan is not a subscription. */
  hasActiveSubscription: boolean;
  /** The owner's user_limits row (custom plans); null values leave the plan's limits. */
  overrides: LimitOverrides;
}

export interface OwnerPlan extends OwnerSubscription {
  /** After the overrides; every limit is null (unlimited) for a super admin. */
  limits: PlanLimits;
}

/**
 * The plan that governs everything an owner's applications hold (members share the owner's plan). No
 * subscription row, one not in force (see isInForce: past_due is a grace period, a passed cancel date ends it) or an
 * unknown tier means the free plan; a custom plan in user_limits wins.
 */
export function ownerSubscriptionOf(
  subscription: SubscriptionRow | undefined,
  limitsRow: UserLimitsRow | undefined,
): OwnerSubscription {
  const subscribedTier = subscription && isInForce(subscription) ? (subscription.tier as PlanTier) : "free";
  const tier: PlanTier = limitsRow?.isCustomPlan ? "custom" : subscribedTier;
  const overrides: LimitOverrides = limitsRow
    ? {
        maxApplications: limitsRow.maxApplications,
        maxSubmissions: limitsRow.maxSubmissions,
        maxTeamMembers: limitsRow.maxTeamMembers,
        storageLimitGb: limitsRow.storageLimitGb,
      }
    : {};
  return { tier, hasActiveSubscription: tier !== "free", overrides };
}

export async function loadOwnerSubscription(db: Db, ownerId: string): Promise<OwnerSubscription> {
  const { subscription, limits } = await findOwnerPlanRows(db, ownerId);
  return ownerSubscriptionOf(subscription, limits);
}

/** The limits of a subscription once its overrides apply. */
export function ownerPlanOf(subscription: OwnerSubscription, { isSuperAdmin }: { isSuperAdmin: boolean }): OwnerPlan {
  return { ...subscription, limits: limitsFor(subscription.tier, { isSuperAdmin, overrides: subscription.overrides }) };
}

/** The owner's plan with its limits; `isSuperAdmin` is about the owner (a super admin owner is never limited). */
export async function loadOwnerPlan(
  db: Db,
  ownerId: string,
  { isSuperAdmin }: { isSuperAdmin: boolean },
): Promise<OwnerPlan> {
  return ownerPlanOf(await loadOwnerSubscription(db, ownerId), { isSuperAdmin });
}

/**
 * The owner's plan with its limits, and whether the owner is a super admin (never limited), in one query: sync asks
 * it for every batch and uploads for every photo.
 */
export async function loadOwnerPlanOf(
  db: Db,
  ownerId: string,
  superAdminEmails: readonly string[],
): Promise<OwnerPlan & { isSuperAdminOwner: boolean }> {
  return ownerPlanFromRows(await findOwnerPlanRows(db, ownerId), superAdminEmails);
}

/** loadOwnerPlanOf's answer from rows already read (sync reads them with the application). */
export function ownerPlanFromRows(
  rows: OwnerPlanRows,
  superAdminEmails: readonly string[],
): OwnerPlan & { isSuperAdminOwner: boolean } {
  const isSuperAdminOwner = rows.email !== undefined && isSuperAdminEmail(rows.email, superAdminEmails);
  const plan = ownerPlanOf(ownerSubscriptionOf(rows.subscription, rows.limits), { isSuperAdmin: isSuperAdminOwner });
  return { ...plan, isSuperAdminOwner };
}
