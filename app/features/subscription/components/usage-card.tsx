import { useTranslation } from "react-i18next";
import { AlertTriangle, OctagonAlert } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { cn } from "../../../lib/cn.ts";
import type { SubscriptionDto } from "../../../../shared/billing/billing-dtos.ts";
import { usageRows, type UsageLevel, type UsageRow } from "../logic/usage-state.ts";
import { useBillingFormat } from "../hooks/use-billing-format.ts";

const INDICATOR: Record<UsageLevel, string> = {
  ok: "bg-primary",
  unlimited: "bg-primary",
  near: "bg-warning",
  reached: "bg-destructive",
};

function UsageBar({ row }: { row: UsageRow }) {
  const { t } = useTranslation("subscription");
  const format = useBillingFormat();
  const amount = (value: number) => (row.resource === "storageBytes" ? format.storage(value) : String(value));
  const label = t(`usage.resources.${row.resource}`);
  const figures =
    row.limit === null
      ? t("usage.unlimited", { used: amount(row.used) })
      : t("usage.of", { used: amount(row.used), limit: amount(row.limit) });
  const warning = row.level === "near" || row.level === "reached" ? t(`usage.levels.${row.level}`) : null;
  const Icon = row.level === "reached" ? OctagonAlert : AlertTriangle;
  return (
    <li className="flex flex-col gap-1.5" data-testid={`usage-${row.resource}`} data-level={row.level}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-muted-foreground">{figures}</span>
      </div>
      <Progress
        value={row.limit === null ? 0 : row.percent}
        max={100}
        aria-label={`${label}: ${figures}`}
        indicatorClassName={INDICATOR[row.level]}
      />
      {warning ? (
        <p className="flex items-center gap-1 text-xs font-medium">
          <Icon className={cn("size-3.5", row.level === "reached" ? "text-destructive" : "text-warning")} aria-hidden />
          {warning}
        </p>
      ) : null}
    </li>
  );
}

/** Records, applications, members and storage against the plan, with the near-limit (80 %) and reached states. */
export function UsageCard({ subscription }: { subscription: SubscriptionDto }) {
  const { t } = useTranslation("subscription");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("usage.title")}</CardTitle>
        <CardDescription>{t("usage.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-5 sm:grid-cols-2">
          {usageRows(subscription).map((row) => (
            <UsageBar key={row.resource} row={row} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
