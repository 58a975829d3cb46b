import type { AppContext } from "../../context.ts";
import { findLocale } from "../../db/queries/profiles.ts";
import { findUserContact } from "../../db/queries/team-members.ts";
import type { SubscriptionRow } from "../../db/queries/usage.ts";
import type { Db } from "../../db/client.ts";
import type { PlanTier } from "../../../shared/plans/plans.ts";
import { billingEmail } from "../emails/billing-emails.ts";
import { isInForce } from "./subscription-state.ts";

/** What the owner is told by e-mail after a billing change commits. */
export type BillingNotice =
  | { kind: "plan_activated"; ownerId: string; tier: PlanTier; periodEnd: Date | null }
  | { kind: "subscription_canceled"; ownerId: string; tier: PlanTier }
  | { kind: "payment_failed"; ownerId: string; amountCents: number };

/** A paid plan came into force (or another one replaced it), or the one in force ended. */
export function transitionNotices(
  ownerId: string,
  before: SubscriptionRow | undefined,
  after: SubscriptionRow | undefined,
): BillingNotice[] {
  const wasInForce = isInForce(before);
  const inForce = isInForce(after);
  if (inForce && after && after.status === "active" && (!wasInForce || before?.tier !== after.tier)) {
    return [{ kind: "plan_activated", ownerId, tier: after.tier as PlanTier, periodEnd: after.currentPeriodEnd }];
  }
  if (wasInForce && before && !inForce)
    return [{ kind: "subscription_canceled", ownerId, tier: before.tier as PlanTier }];
  return [];
}

/**
 * Writes each notice in the owner's language inside the change's transaction: the e-mail exists if and only if the
 * change does, and the job queue delivers it with retries.
 */
export async function sendBillingNotices(
  context: AppContext,
  tx: Db,
  notices: readonly BillingNotice[],
): Promise<void> {
  for (const notice of notices) {
    const contact = await findUserContact(tx, notice.ownerId);
    if (!contact) continue;
    const locale = await findLocale(tx, notice.ownerId);
    await context.mailer.send(
      billingEmail({
        ...notice,
        to: contact.email,
        name: contact.name,
        locale,
        link: `${context.config.publicUrl}/subscription`,
      }),
      { tx },
    );
  }
}
