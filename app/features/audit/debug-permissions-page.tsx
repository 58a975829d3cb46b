import { useTranslation } from "react-i18next";
import { ApplicationsDebugCard } from "../../components/diagnostics/applications-debug-card.tsx";
import { LoadFailed } from "../../components/load-failed.tsx";
import { isUnavailableOffline } from "../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../components/offline-unavailable.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { usePermissionReport } from "./audit-api.ts";
import { FlagList } from "./flag-list.tsx";

/**
 * /debug-permissions: what the server decides for the signed-in user, read from GET /api/me/permissions (the same
 * policy the routes enforce), and the 'Debug de Aplicações' diagnostics.
 */
export default function DebugPermissionsPage() {
  const { t, i18n } = useTranslation("audit");
  const report = usePermissionReport();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "medium" }).format(new Date(iso));

  let content;
  if (isUnavailableOffline(report)) content = <OfflineUnavailable onRetry={() => report.refetch()} />;
  else if (report.isPending) content = <Skeleton className="h-64 w-full" aria-busy="true" />;
  else if (!report.data)
    content = (
      <LoadFailed
        title={t("debug.loadFailed")}
        retryLabel={t("changeLog.retry")}
        onRetry={() => void report.refetch()}
        retrying={report.isFetching}
      />
    );
  else {
    const { user, session, permissions, applications } = report.data;
    content = (
      <>
        <Card>
          <CardHeader>
            <CardTitle>{t("debug.session")}</CardTitle>
            <CardDescription>{t("debug.sessionText")}</CardDescription>
          </CardHeader>
          <CardContent>
            <FlagList
              flags={{
                userId: user.id,
                email: user.email,
                ...(session
                  ? { sessionCreatedAt: date(session.createdAt), sessionExpiresAt: date(session.expiresAt) }
                  : {}),
              }}
            />
          </CardContent>
        </Card>
        <Card data-testid="permission-object">
          <CardHeader>
            <CardTitle>{t("debug.globalTitle")}</CardTitle>
            <CardDescription>{t("debug.globalText")}</CardDescription>
          </CardHeader>
          <CardContent>
            <FlagList flags={{ ...permissions }} />
          </CardContent>
        </Card>
        <section className="flex flex-col gap-3" aria-labelledby="debug-applications">
          <h2 id="debug-applications" className="text-lg font-semibold">
            {t("debug.applications")}
          </h2>
          {applications.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("debug.noApplications")}</p>
          ) : (
            applications.map((app) => (
              <Card key={app.id}>
                <CardHeader>
                  <CardTitle className="text-base">{app.name}</CardTitle>
                  <CardDescription>{t(`values.role.${app.permissions.role}`)}</CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-4">
                  <FlagList flags={{ ...app.permissions }} />
                  <FlagList flags={{ ...app.capabilities }} />
                </CardContent>
              </Card>
            ))
          )}
        </section>
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("debug.title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("debug.subtitle")}</p>
      </div>
      {content}
      <ApplicationsDebugCard />
    </div>
  );
}
