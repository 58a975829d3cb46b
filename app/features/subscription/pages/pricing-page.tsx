import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { BillingCycle } from "../../../../shared/billing/billing-dtos.ts";
import { PLAN_TIERS, UPGRADE_TIER, type PlanTier } from "../../../../shared/plans/plans.ts";
import { CycleSwitch } from "../components/cycle-switch.tsx";
import { PlanCard } from "../components/plan-card.tsx";
import { useCustomPlanContactHref } from "../components/plans-grid.tsx";
import type { PlanAction } from "../logic/plan-action.ts";

/** A visitor signs up first (plans are bought from the subscription page); Custom is agreed through the contact form. */
const visitorAction = (tier: PlanTier): PlanAction => (tier === "custom" ? { kind: "contact" } : { kind: "signUp" });

/** /pricing: the plans as the subscription page shows them (shared/plans), monthly or yearly, for anyone. */
export default function PricingPage() {
  const { t } = useTranslation("subscription");
  const [cycle, setCycle] = useState<BillingCycle>("monthly");
  const contactHref = useCustomPlanContactHref();
  return (
    <div className="flex flex-col gap-6 py-4">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("pricing.title")}</h1>
        <p className="max-w-3xl text-muted-foreground">{t("pricing.subtitle")}</p>
      </div>
      <CycleSwitch cycle={cycle} onChange={setCycle} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
        {PLAN_TIERS.map((tier) => (
          <PlanCard
            key={tier}
            tier={tier}
            cycle={cycle}
            action={visitorAction(tier)}
            current={false}
            highlight={tier === UPGRADE_TIER ? "recommended" : null}
            busy={false}
            disabled={false}
            contactHref={contactHref}
            onSelect={() => undefined}
          />
        ))}
      </div>
    </div>
  );
}
