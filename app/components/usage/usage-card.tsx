import { useTranslation } from "react-i18next";
import { AlertTriangle, OctagonAlert } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { Progress } from "../ui/progress.tsx";
import { cn } from "../../lib/cn.ts";
import { formatStorage } from "../../lib/format-storage.ts";
import type { BillingLimitsDto, BillingUsageDto } from "../../../shared/billing/billing-dtos.ts";
import { DEFAULT_LANGUAGE, normalizeLanguage } from "../../../shared/i18n/languages.ts";
import { USAGE_INDICATOR, usageRows, type UsageRow } from "./usage-state.ts";

function UsageBar({ row }: { row: UsageRow }) {
  const { t, i18n } = useTranslation("subscription");
  const language = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  const amount = (value: number) => (row.resource === "storageBytes" ? formatStorage(value, language) : String(value));
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
        indicatorClassName={USAGE_INDICATOR[row.level]}
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

/**
 * Records, applications, members and storage against the plan, with the near-limit (80 %) and reached states: the
 * subscription page and the dashboard show the same card.
 */
export function UsageCard({ subscription }: { subscription: { usage: BillingUsageDto; limits: BillingLimitsDto } }) {
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
