import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CloudUpload, FolderPlus } from "lucide-react";
import { LoadFailed } from "../../components/load-failed.tsx";
import { isUnavailableOffline } from "../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../components/offline-unavailable.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { UsageCard } from "../../components/usage/usage-card.tsx";
import { useSession } from "../../lib/session.tsx";
import { usePendingCount } from "../../offline/use-outbox.ts";
import { DEFAULT_LANGUAGE, normalizeLanguage } from "../../../shared/i18n/languages.ts";
import { formatDateTime } from "../../../shared/records/answer-format.ts";
import type { DashboardSummary } from "../../../shared/records/overview.ts";
import { dashboardApi, dashboardKeys } from "./api/dashboard-api.ts";
import { Sparkline } from "./components/sparkline.tsx";

/**
 * /dashboard — the signed-in user's overview: their applications with this week's records, what waits on this device,
 * the plan's usage and the latest records across the applications (one server call: GET /api/dashboard).
 */
export default function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const summary = useQuery({
    queryKey: dashboardKeys.summary(timeZone),
    queryFn: () => dashboardApi.summary(timeZone),
  });
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>
      <PendingOnDevice />
      {isUnavailableOffline(summary) ? (
        <OfflineUnavailable onRetry={() => summary.refetch()} />
      ) : summary.isPending ? (
        <div className="grid gap-4 lg:grid-cols-2" aria-busy="true">
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
      ) : summary.isError ? (
        <LoadFailed
          title={t("loadError")}
          retryLabel={t("retry")}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : summary.data.applications.length === 0 ? (
        <FirstApplication />
      ) : (
        <Summary summary={summary.data} />
      )}
    </div>
  );
}

/** The offline outbox: records of this user on this device that the server has not stored yet. */
function PendingOnDevice() {
  const { t } = useTranslation("dashboard");
  const { me } = useSession();
  const pending = usePendingCount(me?.user.id ?? null);
  if (!pending) return null;
  return (
    <p
      className="flex items-center gap-2 rounded-lg border border-warning/50 bg-warning/10 px-3 py-2 text-sm"
      data-testid="dashboard-pending"
      role="status"
    >
      <CloudUpload className="size-4" aria-hidden /> {t("pending", { count: pending })}
    </p>
  );
}

function FirstApplication() {
  const { t } = useTranslation("dashboard");
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border p-10 text-center"
      data-testid="dashboard-empty"
    >
      <FolderPlus className="size-8 text-muted-foreground" aria-hidden />
      <h2 className="text-lg font-semibold">{t("empty.title")}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{t("empty.text")}</p>
      <Button asChild>
        <Link to="/applications/new">{t("empty.create")}</Link>
      </Button>
    </div>
  );
}

function Summary({ summary }: { summary: DashboardSummary }) {
  const { t, i18n } = useTranslation("dashboard");
  const language = normalizeLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const names = new Map(summary.applications.map((application) => [application.id, application.name]));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{t("applications.title")}</CardTitle>
          <CardDescription>{t("applications.subtitle")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-border">
            {summary.applications.map((application) => {
              const week = application.week.reduce((sum, count) => sum + count, 0);
              return (
                <li
                  key={application.id}
                  className="flex items-center gap-3 py-2"
                  data-testid="dashboard-application"
                  data-application-id={application.id}
                >
                  <Link
                    to={`/applications/${application.id}/data`}
                    className="min-w-0 flex-1 truncate font-medium hover:underline"
                  >
                    {application.name}
                  </Link>
                  <Sparkline
                    values={application.week}
                    label={t("applications.sparkline", { name: application.name, count: week })}
                  />
                  <span className="w-24 text-right text-sm tabular-nums text-muted-foreground" data-testid="week-count">
                    {t("applications.week", { count: week })}
                  </span>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("latest.title")}</CardTitle>
          <CardDescription>{t("latest.subtitle")}</CardDescription>
        </CardHeader>
        <CardContent>
          {summary.latest.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("latest.empty")}</p>
          ) : (
            <ul className="divide-y divide-border">
              {summary.latest.map((record) => (
                <li key={record.id} data-testid="dashboard-latest" data-record-id={record.id}>
                  <Link
                    to={`/applications/${record.applicationId}/data`}
                    className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm hover:underline"
                  >
                    <span className="font-medium">{names.get(record.applicationId)}</span>
                    <span className="text-muted-foreground">
                      {record.submitter?.name || record.submitter?.email || t("latest.unknownAuthor")} ·{" "}
                      <time dateTime={record.createdAt}>{formatDateTime(record.createdAt, language)}</time>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Button variant="link" className="mt-2 px-0" asChild>
            <Link to="/data">{t("latest.all")}</Link>
          </Button>
        </CardContent>
      </Card>
      <div className="lg:col-span-2">
        <UsageCard subscription={summary.usage} />
      </div>
    </div>
  );
}
