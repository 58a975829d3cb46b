import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ANALYTICS_PERIODS, type AnalyticsSummary } from "../../../shared/analytics/summary.ts";
import { useSession } from "../../lib/session.tsx";
import { apiErrorText } from "../../lib/api-error-text.ts";
import { Alert, AlertDescription } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { controlClasses } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { analyticsApi, analyticsKeys } from "./api/analytics-api.ts";
import { TrafficChart } from "./components/traffic-chart.tsx";
import { BreakdownList } from "./components/breakdown-list.tsx";
import { FunnelChart } from "./components/funnel-chart.tsx";
import { VitalsTable } from "./components/vitals-table.tsx";
import { isUnavailableOffline } from "../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../components/offline-unavailable.tsx";

const DEFAULT_DAYS = 30;

function Dashboards({ summary }: { summary: AnalyticsSummary }) {
  const { t } = useTranslation("analytics");
  const visitors = summary.daily.reduce((sum, day) => sum + day.visitors, 0);
  const pageViews = summary.daily.reduce((sum, day) => sum + day.pageViews, 0);
  const none = (fallback: string) => (value: string) => value || fallback;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-4">
        {[
          ["visitors", visitors],
          ["pageViews", pageViews],
        ].map(([key, value]) => (
          <Card key={key}>
            <CardHeader>
              <CardDescription>{t(`totals.${key}`)}</CardDescription>
              <CardTitle className="text-3xl tabular-nums" data-testid={`total-${key}`}>
                {value}
              </CardTitle>
            </CardHeader>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t("traffic.title")}</CardTitle>
          <CardDescription>{t("traffic.note")}</CardDescription>
        </CardHeader>
        <CardContent>
          <TrafficChart daily={summary.daily} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t("funnel.title")}</CardTitle>
        </CardHeader>
        <CardContent>
          <FunnelChart funnel={summary.funnel} />
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <BreakdownList title={t("breakdowns.topPages")} entries={summary.topPages} label={none("/")} />
        <BreakdownList
          title={t("breakdowns.referrers")}
          entries={summary.referrers}
          label={none(t("breakdowns.direct"))}
        />
        <BreakdownList
          title={t("breakdowns.languages")}
          entries={summary.languages}
          label={none(t("breakdowns.unknown"))}
        />
        <BreakdownList
          title={t("breakdowns.devices")}
          entries={summary.devices}
          label={(value) => (value ? t(`breakdowns.device.${value}`) : t("breakdowns.unknown"))}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t("vitals.title")}</CardTitle>
        </CardHeader>
        <CardContent>
          <VitalsTable vitals={summary.vitals} />
        </CardContent>
      </Card>
    </div>
  );
}

/** /admin/analytics: first-party analytics for super admins (the server refuses everyone else). */
export default function AnalyticsPage() {
  const { t } = useTranslation("analytics");
  const { me } = useSession();
  const periodId = useId();
  const [days, setDays] = useState(DEFAULT_DAYS);
  const allowed = me?.isSuperAdmin === true;
  const query = useQuery({
    queryKey: analyticsKeys.summary(days),
    queryFn: () => analyticsApi.summary(days),
    enabled: allowed,
    staleTime: 60_000,
  });

  return (
    <section className="flex flex-col gap-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
          <p className="text-muted-foreground">{t("description")}</p>
        </div>
        {allowed ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={periodId} className="text-sm font-medium">
              {t("period.label")}
            </label>
            <select
              id={periodId}
              className={controlClasses}
              value={days}
              onChange={(event) => setDays(Number(event.target.value))}
            >
              {ANALYTICS_PERIODS.map((period) => (
                <option key={period} value={period}>
                  {t("period.days", { count: period })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </header>
      {!allowed ? (
        <Alert variant="destructive">
          <AlertDescription>{t("forbidden")}</AlertDescription>
        </Alert>
      ) : isUnavailableOffline(query) ? (
        <OfflineUnavailable onRetry={() => query.refetch()} />
      ) : query.isPending ? (
        <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label={t("loading")}>
          <Skeleton className="h-24" />
          <Skeleton className="h-72" />
          <Skeleton className="h-64" />
        </div>
      ) : query.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-col items-start gap-2">
            <span>
              {t("error")} {apiErrorText(t, query.error)}
            </span>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {t("retry")}
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <Dashboards summary={query.data} />
      )}
    </section>
  );
}
