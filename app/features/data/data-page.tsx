import { lazy, Suspense, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "../../lib/toast.ts";
import { AlertCircle, ArrowLeft, ClipboardPlus, Eraser } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { UnavailableButton } from "../../components/ui/unavailable-button.tsx";
import { useDeviceEnvironment } from "../../lib/device-environment.ts";
import { mayEditRecordsOn } from "../../../shared/capabilities/device-capabilities.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { ApiClientError } from "../../lib/api-client.ts";
import { isUnavailableOffline } from "../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../components/offline-unavailable.tsx";
import type { RecordView } from "../../../shared/records/record-view.ts";
import { dataApi, dataKeys, useDataView } from "./api/data-api.ts";
import { ExportMenu } from "./export/export-menu.tsx";
import { FilterBar } from "./filters/filter-bar.tsx";
import { DATA_TABS, useDataSearch } from "./filters/use-data-search.ts";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog.tsx";
import { RecordDetailDialog } from "./list/record-detail-dialog.tsx";
import { RecordsList } from "./list/records-list.tsx";
import { MapTab } from "./map/map-tab.tsx";
import { apiErrorText } from "../../lib/api-error-text.ts";
import { RecordHistory } from "./review/record-history.tsx";
import { RecordReviewPanel } from "./review/record-review-panel.tsx";
import { useLinkedRecord } from "./review/use-linked-record.ts";
import { queryKeyOf } from "../../lib/api-call.ts";
import { listApplications } from "../../../shared/api/contracts/applications.ts";

const RecordsCharts = lazy(() => import("./charts/records-charts.tsx"));

/** /applications/:id/data — Lista, Mapa and Gráficos of an application's records with one shared filter (spec 000 §2). */
export default function DataPage() {
  const { id = "" } = useParams();
  const { t } = useTranslation(["data", "fields"]);
  const device = useDeviceEnvironment();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { search, update, setFilter } = useDataSearch();
  const [open, setOpen] = useState<RecordView | null>(null);
  const [toDelete, setToDelete] = useState<RecordView | null>(null);
  const [clearing, setClearing] = useState(false);
  const view = useDataView(id);
  useLinkedRecord(id, setOpen);

  const refresh = () => queryClient.invalidateQueries({ queryKey: dataKeys.all(id) });
  const deletion = useMutation({
    mutationFn: (record: RecordView) => dataApi.deleteRecord(id, record.id),
    onSuccess: () => {
      toast.success(t("delete.success"));
      setToDelete(null);
      setOpen(null);
      void refresh();
    },
    onError: (error) => toast.error(t("delete.failed"), { description: apiErrorText(t, error) }),
  });
  const clear = useMutation({
    mutationFn: () => dataApi.clearData(id),
    onSuccess: (result) => {
      toast.success(t("clear.success"), {
        description: t("clear.successCounts", {
          submissions: result.deletedSubmissions,
          responses: result.deletedResponses,
        }),
      });
      void refresh();
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(listApplications, {}) });
    },
    onError: (error) => toast.error(t("clear.failed"), { description: apiErrorText(t, error) }),
    onSettled: () => setClearing(false),
  });

  if (isUnavailableOffline(view)) return <OfflineUnavailable onRetry={() => view.refetch()} />;
  if (view.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (view.isError) {
    const notFound = view.error instanceof ApiClientError && view.error.status === 404;
    return (
      <Alert variant="destructive">
        <AlertCircle />
        <AlertTitle>{notFound ? t("notFound") : t("loadError")}</AlertTitle>
        <AlertDescription className="flex gap-2">
          {!notFound && (
            <Button variant="outline" size="sm" onClick={() => void view.refetch()}>
              {t("retry")}
            </Button>
          )}
          <Button variant="outline" size="sm" asChild>
            <Link to="/applications">{t("back")}</Link>
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  const { application, capabilities, fields } = view.data;
  const deviceReason = device.capabilities.blockReason ? t(`fields:${device.capabilities.blockReason.messageKey}`) : "";
  const editsHere = mayEditRecordsOn(device.capabilities, capabilities.canEditAnyRecord);
  const collect = () => navigate(`/applications/${id}/collect`, { state: { activeTab: "form" } });
  const edit = (record: RecordView) =>
    navigate(`/applications/${id}/collect?edit=${record.id}`, {
      state: { activeTab: "form", editSubmissionId: record.id },
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Link
            to="/applications"
            className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden /> {t("back")}
          </Link>
          <h1 className="text-2xl font-semibold">{application.name}</h1>
          <p className="text-sm text-muted-foreground">
            {capabilities.canViewAllSubmissions ? t("subtitleAll") : t("subtitleOwn")}
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          {capabilities.canClearData && (
            <Button variant="outline" onClick={() => setClearing(true)}>
              <Eraser aria-hidden /> {t("clear.button")}
            </Button>
          )}
          {capabilities.canExport && <ExportMenu applicationId={id} filterQuery={search.filterQuery} />}
          {capabilities.canCollect &&
            (device.capabilities.canCollectData ? (
              <Button onClick={collect}>
                <ClipboardPlus aria-hidden /> {t("collect")}
              </Button>
            ) : (
              <UnavailableButton reason={deviceReason}>
                <ClipboardPlus aria-hidden /> {t("collect")}
              </UnavailableButton>
            ))}
        </div>
      </div>

      <FilterBar view={view.data} filter={search.filter} onChange={setFilter} />

      <Tabs
        value={search.tab}
        onValueChange={(tab) => update({ tab: (DATA_TABS as readonly string[]).includes(tab) ? tab : null })}
      >
        <TabsList>
          {DATA_TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {t(`tabs.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="list" className="pt-3">
          <RecordsList
            applicationId={id}
            view={view.data}
            filterQuery={search.filterQuery}
            sort={search.sort}
            order={search.order}
            onSort={(sort, order) => update({ sort, order })}
            onOpen={setOpen}
          />
        </TabsContent>
        <TabsContent value="map" className="pt-3">
          {search.tab === "map" && (
            <MapTab applicationId={id} fields={fields} filterQuery={search.filterQuery} onOpenRecord={setOpen} />
          )}
        </TabsContent>
        <TabsContent value="charts" className="pt-3">
          {search.tab === "charts" && (
            <Suspense fallback={<Skeleton className="h-80 w-full" />}>
              <RecordsCharts
                applicationId={id}
                fields={fields}
                filterQuery={search.filterQuery}
                selected={search.chartField}
                chartType={search.chartType}
                onChange={(changes) => update(changes)}
              />
            </Suspense>
          )}
        </TabsContent>
      </Tabs>

      <RecordDetailDialog
        record={open}
        fields={fields}
        canEdit={open !== null && (open.submitter?.id === view.data.viewerId || capabilities.canEditAnyRecord)}
        editUnavailableReason={editsHere ? null : deviceReason}
        canDelete={capabilities.canDeleteRecords}
        onEdit={edit}
        onDelete={setToDelete}
        onClose={() => setOpen(null)}
      >
        {open && (
          <>
            <RecordReviewPanel
              applicationId={id}
              recordId={open.id}
              canReview={capabilities.canReview}
              isSubmitter={open.submitter?.id === view.data.viewerId}
            />
            <RecordHistory
              applicationId={id}
              recordId={open.id}
              canRestore={capabilities.canReview}
              onRestored={() => void dataApi.record(id, open.id).then(setOpen)}
            />
          </>
        )}
      </RecordDetailDialog>
      <ConfirmActionDialog
        open={toDelete !== null}
        title={t("delete.title")}
        description={t("delete.message")}
        confirmLabel={t("delete.confirm")}
        busyLabel={t("delete.deleting")}
        busy={deletion.isPending}
        onConfirm={() => toDelete && deletion.mutate(toDelete)}
        onClose={() => setToDelete(null)}
      />
      <ConfirmActionDialog
        open={clearing}
        title={t("clear.title")}
        description={t("clear.message", { name: application.name })}
        confirmLabel={t("clear.confirm")}
        busyLabel={t("clear.clearing")}
        busy={clear.isPending}
        onConfirm={() => clear.mutate()}
        onClose={() => setClearing(false)}
      />
    </div>
  );
}
