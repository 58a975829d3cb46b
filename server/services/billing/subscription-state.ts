import type { SubscriptionState } from "../../../shared/billing/billing-dtos.ts";
import { isPlanTier } from "../../../shared/plans/plans.ts";
import type { SubscriptionRow } from "../../db/queries/usage.ts";

/**
 * Provider statuses that keep a paid plan in force. past_due stays: the provider is retrying the charge and the
 * owner keeps the plan meanwhile (grace period). unpaid, canceled, incomplete, incomplete_expired and paused do not.
 */
const IN_FORCE_STATUSES = new Set(["active", "trialing", "past_due"]);

type StateFields = Pick<SubscriptionRow, "tier" | "status" | "cancelAtPeriodEnd" | "currentPeriodEnd">;

/**
 * A paid (or custom) plan is in force. A subscription set to cancel whose period has passed has ended even before
 * the provider's event says so.
 */
export function isInForce(row: StateFields | undefined, now = new Date()): boolean {
  if (!row || !IN_FORCE_STATUSES.has(row.status) || !isPlanTier(row.tier) || row.tier === "free") return false;
  return !(row.cancelAtPeriodEnd && row.currentPeriodEnd !== null && row.currentPeriodEnd <= now);
}

/** What 'Minha assinatura' shows for a provider subscription row (custom plans are decided by user_limits first). */
export function subscriptionState(row: StateFields | undefined, now = new Date()): SubscriptionState {
  if (isInForce(row, now)) {
    if (row!.cancelAtPeriodEnd) return "canceling";
    return row!.status === "past_due" ? "past_due" : "active";
  }
  if (!row || row.tier === "free" || row.status === "none" || row.status.startsWith("incomplete")) return "free";
  return "canceled";
}
