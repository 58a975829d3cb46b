import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import type { BillingCycle } from "../../../../shared/billing/billing-dtos.ts";

/** Monthly / yearly prices; yearly says what it gives (one month free). */
export function CycleSwitch({ cycle, onChange }: { cycle: BillingCycle; onChange: (cycle: BillingCycle) => void }) {
  const { t } = useTranslation("subscription");
  const yearly = cycle === "yearly";
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className={yearly ? "text-sm text-muted-foreground" : "text-sm font-medium"} aria-hidden>
        {t("cycle.monthly")}
      </span>
      <Switch
        id="billing-cycle"
        checked={yearly}
        onCheckedChange={(checked) => onChange(checked ? "yearly" : "monthly")}
        aria-label={t("cycle.label")}
      />
      <Label htmlFor="billing-cycle" className={yearly ? "font-medium" : "font-normal text-muted-foreground"}>
        {t("cycle.yearly")}
      </Label>
      <Badge variant="success">{t("cycle.yearlyHint")}</Badge>
    </div>
  );
}
