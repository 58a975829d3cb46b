import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge.tsx";
import type { AdminPlan } from "../../../../shared/admin/admin-dtos.ts";
import { useAdminFormat } from "../hooks/use-admin-format.ts";

/** The tier in force, its cycle and, when it is not plainly active, the provider's status (past_due, canceled…). */
export function PlanBadge({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation("admin");
  const format = useAdminFormat();
  const troubled = plan.status !== null && plan.status !== "active" && plan.status !== "trialing";
  return (
    <div className="flex flex-wrap items-center gap-1">
      <Badge variant={plan.tier === "free" ? "outline" : "default"}>{format.tier(plan.tier)}</Badge>
      {plan.tier !== "free" && plan.tier !== "custom" && plan.billingCycle ? (
        <span className="text-xs text-muted-foreground">{t(`cycles.${plan.billingCycle}`)}</span>
      ) : null}
      {troubled ? <Badge variant="warning">{plan.status}</Badge> : null}
    </div>
  );
}
