import { Link, useNavigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";
import { useTranslation } from "react-i18next";
import { Crown, FileQuestion, Lock, TriangleAlert } from "lucide-react";
import { ApiClientError } from "../../../lib/api-client.ts";
import { useDeviceEnvironment } from "../../../lib/device-environment.ts";
import { Button } from "../../../components/ui/button.tsx";
import { BlockedState } from "../../../components/blocked-state.tsx";
import { LoadingScreen } from "../../../components/routing/loading-screen.tsx";
import { useRegexEngine } from "../../../components/form-fill/use-regex-engine.ts";
import { upgradePath } from "../../../lib/upgrade-path.ts";
import { hasReachedLimit } from "../../../../shared/plans/plans.ts";
import { applicationQueryKey, applicationsApi, USAGE_QUERY_KEY } from "../api/applications-api.ts";
import { DesktopOnlyDialog } from "../components/desktop-only-dialog.tsx";
import { ApplicationDesigner } from "./application-designer.tsx";
import { fromStoredField } from "./designer-fields.ts";
import { NEW_APPLICATION_SETTINGS, settingsFrom } from "./designer-settings.ts";

/** The plan's application limit, told before anyone designs a form that could not be saved. */
function LimitReached({ limit, count }: { limit: number; count: number }) {
  const { t } = useTranslation("designer");
  return (
    <section
      className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center"
      data-testid="application-limit"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-warning/15 text-warning">
        <TriangleAlert className="size-7" aria-hidden />
      </span>
      <h1 className="text-xl font-semibold">{t("limit.title")}</h1>
      <p className="text-muted-foreground">{t("limit.text", { limit, count })}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild>
          <Link to={upgradePath("applications")}>
            <Crown aria-hidden />
            {t("limit.upgrade")}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/applications">{t("back")}</Link>
        </Button>
      </div>
    </section>
  );
}

/**
 * A new application: the owner's application limit is checked first. When the check fails (offline, server
 * error) the designer opens anyway; the server still refuses a save over the limit.
 */
function NewDesigner() {
  const { t } = useTranslation("designer");
  const usage = useQuery({ queryKey: USAGE_QUERY_KEY, queryFn: applicationsApi.usage, staleTime: 0, retry: 1 });
  if (usage.isPending && !isUnavailableOffline(usage)) return <LoadingScreen label={t("limit.checking")} />;
  const limit = usage.data?.limits.applications ?? null;
  const count = usage.data?.usage.applications ?? 0;
  if (limit !== null && hasReachedLimit(count, limit)) return <LimitReached limit={limit} count={count} />;
  return <ApplicationDesigner initialSettings={NEW_APPLICATION_SETTINGS} initialFields={[]} />;
}

function EditDesigner({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation("designer");
  const query = useQuery({
    queryKey: applicationQueryKey(applicationId),
    queryFn: () => applicationsApi.get(applicationId),
    staleTime: 5_000,
  });
  if (isUnavailableOffline(query)) return <OfflineUnavailable onRetry={() => query.refetch()} />;
  if (query.isPending) return <LoadingScreen label={t("loading")} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiClientError && query.error.code === "APPLICATION_NOT_FOUND";
    return (
      <BlockedState
        icon={FileQuestion}
        title={t(notFound ? "notFound.title" : "loadError.title")}
        message={t(notFound ? "notFound.message" : "loadError.message")}
        backTo="/applications"
        backLabel={t("back")}
      />
    );
  }
  const { application, fields, permissions } = query.data;
  // Collaborators never see the edit entry; a typed URL lands here (the server refuses the save anyway).
  if (!permissions.isAdmin)
    return (
      <BlockedState
        icon={Lock}
        title={t("noPermission.title")}
        message={t("noPermission.message")}
        backTo="/applications"
        backLabel={t("back")}
      />
    );
  return (
    <ApplicationDesigner
      key={application.id}
      applicationId={application.id}
      initialSettings={settingsFrom(application)}
      initialFields={[...fields].sort((a, b) => a.position - b.position).map(fromStoredField)}
    />
  );
}

/** /applications/new and /applications/:id/edit: computers only (spec 001 §6), phones get the guard dialog. */
export default function DesignerPage() {
  // The designer checks every expression as it is typed (and its preview runs them), `regex()` included.
  useRegexEngine(true);
  const { id } = useParams();
  const navigate = useNavigate();
  const { capabilities } = useDeviceEnvironment();
  const allowed = id ? capabilities.canEditApp : capabilities.canCreateApp;
  if (!allowed) return <DesktopOnlyDialog open onConfirm={() => navigate("/applications", { replace: true })} />;
  if (id) return <EditDesigner applicationId={id} />;
  return <NewDesigner />;
}
