import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { BillingCycle, LimitReason, SubscriptionDto } from "../../../../shared/billing/billing-dtos.ts";
import { PLAN_TIERS, UPGRADE_TIER, type PlanTier } from "../../../../shared/plans/plans.ts";
import type { useBillingActions } from "../hooks/use-billing-actions.ts";
import { upgradeFor } from "../logic/limit-reason.ts";
import { planAction, type PlanAction } from "../logic/plan-action.ts";
import { planDirection } from "../logic/pricing.ts";
import { CycleSwitch } from "./cycle-switch.tsx";
import { PlanCard, type PlanHighlight } from "./plan-card.tsx";

interface PlansGridProps {
  /** Undefined while loading and for a viewer who may not manage billing: the plans show without buttons. */
  subscription: SubscriptionDto | undefined;
  actions: ReturnType<typeof useBillingActions>;
  reason: LimitReason | null;
}

/** The contact form, filled in to ask for the Custom plan. */
export function useCustomPlanContactHref(): string {
  const { t } = useTranslation("subscription");
  return `/contact?${new URLSearchParams({ subject: t("contact.subject"), message: t("contact.message") }).toString()}`;
}

/** 'Planos disponíveis': the cycle switch and a card per plan, the upgrade plan (or the one lifting the hit limit) highlighted. */
export function PlansGrid({ subscription, actions, reason }: PlansGridProps) {
  const [cycle, setCycle] = useState<BillingCycle>(subscription?.billingCycle ?? "monthly");
  const [chosen, setChosen] = useState<PlanTier | null>(null);
  const suggested = reason && subscription ? upgradeFor(reason, subscription.limits) : null;
  const contactHref = useCustomPlanContactHref();
  const busy = actions.leaving || actions.changing !== undefined;

  // Básico is recommended only as an upgrade: an owner already above it is not pointed down.
  const recommend = !subscription || planDirection(subscription.tier, UPGRADE_TIER) === "upgrade";
  const highlightOf = (tier: PlanTier): PlanHighlight => {
    if (suggested) return tier === suggested ? "suggested" : null;
    return recommend && tier === UPGRADE_TIER ? "recommended" : null;
  };

  const select = (tier: PlanTier, action: PlanAction) => {
    setChosen(tier);
    if (action.kind === "checkout") void actions.checkout(action.tier, cycle);
    if (action.kind === "change") void actions.changePlan(action.tier, cycle);
  };

  return (
    <div className="flex flex-col gap-6">
      <CycleSwitch cycle={cycle} onChange={setCycle} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
        {PLAN_TIERS.map((tier) => (
          <PlanCard
            key={tier}
            tier={tier}
            cycle={cycle}
            action={subscription ? planAction(tier, subscription, cycle) : null}
            current={subscription?.tier === tier}
            highlight={highlightOf(tier)}
            busy={busy && chosen === tier}
            disabled={busy}
            contactHref={contactHref}
            onSelect={(action) => select(tier, action)}
          />
        ))}
      </div>
    </div>
  );
}
