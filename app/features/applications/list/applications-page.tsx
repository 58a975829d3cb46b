import { useEffect, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { AlertCircle, FileSpreadsheet, Plus, RotateCcw } from "lucide-react";
import { isNetworkError } from "../../../lib/api-client.ts";
import { useDeviceEnvironment } from "../../../lib/device-environment.ts";
import { useNetworkStatus } from "../../../lib/network-status.ts";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { useSession } from "../../../lib/session.tsx";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { CacheManagementDialog } from "../../../components/sync/cache-management-dialog.tsx";
import type { ApplicationSummary } from "../../../../shared/applications/application-dtos.ts";
import { DesktopOnlyDialog } from "../components/desktop-only-dialog.tsx";
import { ApplicationCard } from "./application-card.tsx";
import { APPLICATION_GRID } from "./application-grid.ts";
import { ApplicationsWelcome } from "./applications-empty-state.tsx";
import { ApplicationsSkeleton } from "./applications-skeleton.tsx";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog.tsx";
import { InstalledApplicationsList } from "./installed-applications-list.tsx";
import {
  useApplications,
  useClearApplicationData,
  useDeleteApplication,
  useOfflineApplications,
} from "./use-applications.ts";
import { ApplicationsDebugCard } from "../../../components/diagnostics/applications-debug-card.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import { XlsFormImportDialog } from "./xlsform-import-dialog.tsx";

/** Load and delete failures stay longer than the 4 s default (spec 000 §8). */
const FAILURE_TOAST_MS = 7000;

/** /applications: the user's applications as cards, or the installed phone app's simpler list. */
export default function ApplicationsPage() {
  const { t } = useTranslation("applications");
  const navigate = useNavigate();
  const online = useNetworkStatus();
  const { device, capabilities } = useDeviceEnvironment();
  const query = useApplications();
  const kept = useOfflineApplications(useSession().me?.user.id ?? null);
  const deletion = useDeleteApplication();
  const clearing = useClearApplicationData();
  const [guardOpen, setGuardOpen] = useState(false);
  const [toDelete, setToDelete] = useState<ApplicationSummary | null>(null);
  const [toClear, setToClear] = useState<ApplicationSummary | null>(null);
  const [importOpen, setImportOpen] = useState(false);

  useEffect(() => {
    if (query.isError && !isNetworkError(query.error)) {
      toast.error(t("list.loadFailed"), { description: apiErrorText(t, query.error), duration: FAILURE_TOAST_MS });
    }
  }, [query.isError, query.error, query.errorUpdatedAt, t]);

  const create = () => (capabilities.canCreateApp ? navigate("/applications/new") : setGuardOpen(true));

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deletion.mutateAsync(toDelete);
      toast.success(t("delete.success"), { description: toDelete.name });
    } catch (error) {
      toast.error(t("delete.failed"), { description: apiErrorText(t, error), duration: FAILURE_TOAST_MS });
    } finally {
      setToDelete(null);
    }
  };

  const confirmClear = async () => {
    if (!toClear) return;
    try {
      const result = await clearing.mutateAsync(toClear);
      toast.success(t("clear.success"), {
        description: t("clear.successCounts", {
          submissions: result.deletedSubmissions,
          responses: result.deletedResponses,
        }),
      });
    } catch (error) {
      toast.error(t("clear.failed"), { description: apiErrorText(t, error) });
    } finally {
      setToClear(null);
    }
  };

  let content: ReactNode;
  const applications = query.data;
  // Offline the list comes from the forms this device keeps: those are the ones that open without signal.
  if (!applications && (!online || isUnavailableOffline(query))) {
    if (kept === undefined) content = <ApplicationsSkeleton />;
    else if (kept.length > 0)
      content = <InstalledApplicationsList applications={kept} online={false} onCreate={create} />;
    else {
      content = (
        <OfflineUnavailable title={t("offline.title")} message={t("offline.message")} onRetry={() => query.refetch()} />
      );
    }
  } else if (query.isPending) content = <ApplicationsSkeleton />;
  else if (!applications) {
    content = (
      <div className="flex flex-col gap-4">
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <div className="flex flex-1 flex-col gap-2">
            <AlertTitle>{t("list.loadFailed")}</AlertTitle>
            <AlertDescription>{apiErrorText(t, query.error)}</AlertDescription>
            <div>
              <Button size="sm" variant="outline" onClick={() => query.refetch()} loading={query.isFetching}>
                {query.isFetching ? null : <RotateCcw aria-hidden />}
                {t("list.retry")}
              </Button>
            </div>
          </div>
        </Alert>
        {/* Spec 000 §2: on a load error the home runs the four diagnostic queries. */}
        <ApplicationsDebugCard />
      </div>
    );
  } else if (device.isMobilePWA)
    content = <InstalledApplicationsList applications={applications} online={online} onCreate={create} />;
  else if (applications.length === 0) content = <ApplicationsWelcome onCreate={create} />;
  else {
    content = (
      <div className={APPLICATION_GRID}>
        {applications.map((application) => (
          <ApplicationCard
            key={application.id}
            application={application}
            onDelete={setToDelete}
            onClearData={setToClear}
            collectUnavailableReason={
              capabilities.canCollectData || !capabilities.blockReason
                ? null
                : t(`fields:${capabilities.blockReason.messageKey}`)
            }
          />
        ))}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("list.title")}</h1>
          <p className="mt-1 text-muted-foreground">{t("list.subtitle")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CacheManagementDialog />
          {device.isMobilePWA ? null : (
            <>
              <Button variant="outline" onClick={() => setImportOpen(true)}>
                <FileSpreadsheet aria-hidden />
                {t("xlsform:import.button")}
              </Button>
              <Button onClick={create}>
                <Plus aria-hidden />
                {t("list.new")}
              </Button>
            </>
          )}
        </div>
      </div>

      {content}

      <XlsFormImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
      <DesktopOnlyDialog open={guardOpen} onConfirm={() => setGuardOpen(false)} />
      <ConfirmActionDialog
        open={toDelete !== null}
        title={t("delete.title")}
        description={t("delete.message", { name: toDelete?.name ?? "" })}
        confirmLabel={t("delete.confirm")}
        busyLabel={t("delete.deleting")}
        busy={deletion.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
      <ConfirmActionDialog
        open={toClear !== null}
        title={t("clear.title")}
        description={t("clear.message", { name: toClear?.name ?? "", count: toClear?.entriesCount ?? 0 })}
        confirmLabel={t("clear.confirm")}
        busyLabel={t("clear.clearing")}
        busy={clearing.isPending}
        onConfirm={confirmClear}
        onClose={() => setToClear(null)}
      />
    </div>
  );
}
