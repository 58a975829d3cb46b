import type { SubscriptionRow } from "../../db/queries/usage.ts";
import type { AuditKind } from "../../../shared/audit/audit-kinds.ts";
import { isInForce } from "../billing/subscription-state.ts";
import { changedKeys, type AuditChange } from "./record-audit.ts";

/** What the log shows of a plan: no provider ids, no payment details. */
function planFacts(row: SubscriptionRow | undefined): Record<string, unknown> {
  return {
    tier: row?.tier ?? "free",
    billingCycle: row?.billingCycle ?? null,
    status: row?.status ?? "none",
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
  };
}

/** The one kind that names a subscription change best; several facts may change together. */
function planKind(before: SubscriptionRow | undefined, after: SubscriptionRow | undefined): AuditKind {
  if (!isInForce(before) && isInForce(after)) return "plan.checkout_completed";
  if (after?.status === "past_due" && before?.status !== "past_due") return "plan.past_due";
  if (
    (after?.status === "canceled" && before?.status !== "canceled") ||
    (after?.cancelAtPeriodEnd && !before?.cancelAtPeriodEnd)
  )
    return "plan.canceled";
  if (before?.cancelAtPeriodEnd && after && !after.cancelAtPeriodEnd) return "plan.resumed";
  return "plan.changed";
}

/** The account-level entry for a subscription row that changed (none when nothing the owner sees changed). */
export function planChange(
  ownerId: string,
  before: SubscriptionRow | undefined,
  after: SubscriptionRow | undefined,
): AuditChange[] {
  const diff = changedKeys(planFacts(before), planFacts(after));
  return diff ? [{ kind: planKind(before, after), ownerId, target: ownerId, ...diff }] : [];
}
