import { useEffect, useMemo, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lastSavedAnswers } from "../../../offline/last-saved.ts";
import { FileX2, LockKeyhole, SearchX, ShieldAlert, Smartphone, WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "../../../lib/toast.ts";
import { LoadingScreen } from "../../../components/routing/loading-screen.tsx";
import { ApiClientError } from "../../../lib/api-client.ts";
import { useDeviceEnvironment } from "../../../lib/device-environment.ts";
import { mayEditRecordsOn, type BlockReason } from "../../../../shared/capabilities/device-capabilities.ts";
import { canEditRecord } from "../../../../shared/permissions/permissions.ts";
import { useNetworkStatus } from "../../../lib/network-status.ts";
import { useSession } from "../../../lib/session.tsx";
import { usePendingCount, useSyncState } from "../../../offline/use-outbox.ts";
import { PendingBanner } from "../../../components/sync/pending-banner.tsx";
import {
  ApplicationUnavailableOffline,
  isApplicationNotFound,
  collectKeys,
  useCollectApplication,
  useCollectFormFiles,
  useCollectTeamLayers,
  useCollectMapRecords,
  useEditableSubmission,
  useOwnerLimit,
} from "../api/collect-api.ts";
import { useRecordLocation } from "../hooks/use-record-location.ts";
import { localizeField } from "../../../components/form-fill/logic/field-text.ts";
import { FormLanguageSelect } from "../form/form-language-select.tsx";
import { useFormLanguage } from "../hooks/use-form-language.ts";
import { formLanguages, translationLanguage } from "../logic/form-language.ts";
import { formShape } from "../../../components/form-fill/logic/form-structure.ts";
import { useRegexEngine } from "../../../components/form-fill/use-regex-engine.ts";
import { FormFilesProvider, useFilesView } from "../../../components/form-fill/form-files-context.tsx";
import { EntityPickerProvider } from "../../../components/form-fill/entity-picker-context.tsx";
import { useCollectEntities, useEntityPickerView, useFilesWithEntityList } from "../hooks/use-entity-picker-view.ts";
import { useTeamLayersState } from "../../../components/map/team-layers-context.tsx";
import { CollectMapData } from "./collect-map-data.tsx";
import { toCollectFields, valuesFromAnswers } from "../../../components/form-fill/logic/form-values.ts";
import { CollectForm, type EditTarget } from "../form/collect-form.tsx";
import { CollectHeader } from "./collect-header.tsx";
import { useFormVersionNotice } from "../hooks/use-form-version-notice.ts";
import { DebugPanel } from "./debug-panel.tsx";
import { FormErrorBoundary } from "./form-error-boundary.tsx";
import { GuardScreen } from "./guard-screen.tsx";
import { LimitBanner, UPGRADE_PATH } from "./limit-banner.tsx";

function dataPath(applicationId: string): string {
  return `/applications/${applicationId}/data`;
}

/** `/applications/:id/collect`: who may collect here, on which device, then the form (spec 001 §2). */
export default function CollectPage() {
  const { t } = useTranslation(["collect", "fields"]);
  const { id = "" } = useParams();
  const session = useSession();
  const device = useDeviceEnvironment();
  const editId = useEditSubmissionId();

  if (session.status === "loading") return <LoadingScreen label={t("common:loading")} />;
  if (!session.me) {
    return (
      <GuardScreen
        icon={LockKeyhole}
        title={t("guard.restrictedTitle")}
        message={t("guard.restricted")}
        action={{ to: "/home", label: t("guard.login") }}
      />
    );
  }
  const block = device.capabilities.canCollectData ? null : device.capabilities.blockReason;
  // An edit may be allowed on this device (an administrator correcting a record on a computer): the screen decides
  // once it knows the viewer's role.
  if (block && !editId) return <DeviceGuard applicationId={id} block={block} />;
  return (
    <CollectScreen
      key={`${session.me.user.id}:${id}`}
      applicationId={id}
      userId={session.me.user.id}
      isSuperAdmin={session.me.isSuperAdmin}
      editId={editId}
    />
  );
}

interface CollectScreenProps {
  applicationId: string;
  userId: string;
  isSuperAdmin: boolean;
  editId: string | null;
}

/** This device does not collect (spec 001 §6): say so, and where to go instead. */
function DeviceGuard({ applicationId, block }: { applicationId: string; block: BlockReason }) {
  const { t } = useTranslation(["collect", "fields"]);
  const device = useDeviceEnvironment();
  const mobileBrowser = device.capabilities.environmentType === "mobile-web";
  return (
    <GuardScreen
      icon={Smartphone}
      title={t(`fields:${block.titleKey}`)}
      message={t(`fields:${block.messageKey}`)}
      suggestion={t(`fields:${block.suggestionKey}`)}
      action={{ to: applicationId ? dataPath(applicationId) : "/applications", label: t("guard.back") }}
      {...(mobileBrowser ? { secondary: { to: "/install", label: t("guard.install") } } : {})}
    />
  );
}

function useEditSubmissionId(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromState = (location.state as { editSubmissionId?: unknown } | null)?.editSubmissionId;
  const editId = typeof fromState === "string" ? fromState : params.get("edit");
  // The router state is lost on reload; the query parameter keeps the edit across it.
  useEffect(() => {
    if (typeof fromState === "string" && params.get("edit") !== fromState) {
      const next = new URLSearchParams(params);
      next.set("edit", fromState);
      void navigate({ search: `?${next.toString()}` }, { replace: true, state: location.state });
    }
  }, [fromState, params, navigate, location.state]);
  return editId;
}

function CollectScreen({ applicationId, userId, isSuperAdmin, editId }: CollectScreenProps) {
  const { t } = useTranslation("collect");
  const online = useNetworkStatus();
  const device = useDeviceEnvironment();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pending = usePendingCount(userId, applicationId);
  const syncState = useSyncState();
  const syncing = syncState.status === "syncing";
  const recordLocation = useRecordLocation();

  const app = useCollectApplication(userId, applicationId);
  // What `${last-saved#name}` defaults read: read once as the form opens, then kept by the form as it saves.
  const lastSaved = useQuery({
    queryKey: ["last-saved", userId, applicationId],
    queryFn: () => lastSavedAnswers(userId, applicationId),
    staleTime: Infinity,
    gcTime: 0,
  });
  useFormVersionNotice(app.data?.updatedToVersion ?? null);
  const fromCache = app.data?.fromCache ?? false;
  const viewerIsOwner = app.data?.detail.permissions.isOwner ?? false;

  const limit = useOwnerLimit(applicationId, online && app.isSuccess && !fromCache);
  // A finished sync (automatic ones included) changes how many records the owner has: the banner re-reads it.
  const lastSyncAt = syncState.lastSyncAt;
  useEffect(() => {
    if (lastSyncAt) void queryClient.invalidateQueries({ queryKey: collectKeys.limit(applicationId) });
  }, [lastSyncAt, applicationId, queryClient]);

  const submission = useEditableSubmission(applicationId, editId, online);

  const { i18n } = useTranslation();
  const language = i18n.language;
  const ownFields = useMemo(() => toCollectFields(app.data?.detail.fields ?? []), [app.data]);
  const formTexts = useMemo(
    () => formLanguages(ownFields, app.data?.detail.application.language),
    [ownFields, app.data?.detail.application.language],
  );
  const formLanguage = useFormLanguage(applicationId, formTexts, language);
  const translateTo = translationLanguage(formLanguage.choice, formTexts);
  const fields = useMemo(
    () => (translateTo ? ownFields.map((field) => localizeField(field, translateTo)) : ownFields),
    [ownFields, translateTo],
  );
  useRegexEngine(ownFields);
  const files = useCollectFormFiles(userId, applicationId, app.data?.detail.application.formVersion);
  const entityBundle = useCollectEntities(userId, applicationId);
  const filesView = useFilesWithEntityList(useFilesView(files.data), entityBundle.data);
  const entityPicker = useEntityPickerView(entityBundle.data, fields, recordLocation.position);
  const teamLayers = useTeamLayersState(useCollectTeamLayers(userId, applicationId).data);
  const mapRecords = useCollectMapRecords(userId, applicationId);
  const shape = useMemo(() => formShape(fields, filesView.tables), [fields, filesView.tables]);
  const edit = useMemo<EditTarget | null>(() => {
    const record = submission.data;
    if (!editId || !record) return null;
    const stored = record.location;
    return {
      submissionId: editId,
      values: valuesFromAnswers(shape, record.answers),
      location: stored
        ? {
            latitude: stored.latitude,
            longitude: stored.longitude,
            accuracy: stored.accuracy ?? 0,
            timestamp: stored.timestamp ?? new Date().toISOString(),
          }
        : null,
    };
  }, [editId, submission.data, shape]);
  // Offline the limit check is skipped and saving is allowed (spec 001 §6).
  const limitBlocked = online && !isSuperAdmin && limit.data?.hasReachedLimit === true && !limit.data.isSuperAdminOwner;

  if (app.isPending || (app.isSuccess && files.isPending) || lastSaved.isPending || entityBundle.isPending)
    return <LoadingScreen label={t("loading")} />;
  if (app.isError) {
    if (app.error instanceof ApplicationUnavailableOffline) {
      return (
        <GuardScreen
          icon={WifiOff}
          title={t("guard.offlineTitle")}
          message={t("guard.offline")}
          action={{ to: "/applications", label: t("guard.toApplications") }}
        />
      );
    }
    if (isApplicationNotFound(app.error)) {
      return (
        <GuardScreen
          icon={SearchX}
          title={t("guard.notFoundTitle")}
          message={t("guard.notFound")}
          action={{ to: "/", label: t("guard.home") }}
        />
      );
    }
    return (
      <GuardScreen
        icon={FileX2}
        title={t("guard.loadErrorTitle")}
        message={t("guard.loadError")}
        action={{ to: "/", label: t("guard.home") }}
      />
    );
  }

  const { application, permissions } = app.data.detail;
  const deviceBlock = device.capabilities.blockReason;
  if (!mayEditRecordsOn(device.capabilities, permissions.isAdmin) && deviceBlock) {
    return <DeviceGuard applicationId={applicationId} block={deviceBlock} />;
  }
  const cancelTo = dataPath(applicationId);

  let body: ReactNode;
  let formOpen = false;
  if (editId && !online && !submission.data) {
    body = (
      <GuardScreen
        icon={WifiOff}
        title={t("edit.needsConnectionTitle")}
        message={t("edit.needsConnection")}
        action={{ to: cancelTo, label: t("guard.back") }}
      />
    );
  } else if (editId && submission.isPending) {
    body = <LoadingScreen label={t("edit.loading")} />;
  } else if (editId && submission.isError) {
    const notFound = submission.error instanceof ApiClientError && submission.error.status === 404;
    body = (
      <GuardScreen
        icon={SearchX}
        title={notFound ? t("edit.notFound") : t("edit.loadFailed")}
        message={t("edit.notFoundDetail")}
        action={{ to: cancelTo, label: t("guard.back") }}
      />
    );
  } else if (editId && submission.data && !canEditRecord(permissions, submission.data.submitterId === userId)) {
    body = (
      <GuardScreen
        icon={ShieldAlert}
        title={t("edit.forbidden")}
        message={t("edit.forbiddenDetail")}
        action={{ to: cancelTo, label: t("guard.back") }}
      />
    );
  } else {
    formOpen = true;
    body = (
      <>
        <div className="mb-4 empty:hidden">
          <PendingBanner applicationId={applicationId} />
        </div>
        {online && !fromCache ? <LimitBanner info={limit.data} viewerIsSuperAdmin={isSuperAdmin} /> : null}
        <FormLanguageSelect
          choice={formLanguage.choice}
          choices={formLanguage.choices}
          onChoose={formLanguage.choose}
        />
        <FormErrorBoundary>
          <FormFilesProvider value={filesView}>
            <EntityPickerProvider value={entityPicker}>
              <CollectForm
                key={editId ?? "new"}
                applicationId={applicationId}
                shape={shape}
                sectionPages={application.sectionPages === true}
                {...(translateTo ? { formLanguage: translateTo } : {})}
                formVersion={application.formVersion}
                userId={userId}
                online={online}
                edit={edit}
                limitBlocked={limitBlocked && edit === null}
                cancelTo={cancelTo}
                recordLocation={recordLocation}
                lastSaved={lastSaved.data ?? null}
                onLimitReached={(counts) => {
                  void queryClient.invalidateQueries({ queryKey: collectKeys.limit(applicationId) });
                  toast.error(t("limit.reachedTitle"), {
                    description:
                      counts.blocked > 0
                        ? t("limit.syncSummary", counts)
                        : viewerIsOwner
                          ? t("limit.reachedOwnerShort")
                          : t("limit.reachedMember"),
                    ...(viewerIsOwner
                      ? { action: { label: t("limit.viewPlans"), onClick: () => void navigate(UPGRADE_PATH) } }
                      : {}),
                  });
                }}
                onSaved={() => {
                  void queryClient.invalidateQueries({ queryKey: collectKeys.limit(applicationId) });
                  void queryClient.invalidateQueries({ queryKey: collectKeys.mapRecords(userId, applicationId) });
                  if (edit) {
                    // An edit ends where it started; one queued offline is sent by the next sync.
                    void queryClient.removeQueries({ queryKey: collectKeys.submission(applicationId, editId) });
                    void navigate(cancelTo);
                  }
                }}
              />
            </EntityPickerProvider>
          </FormFilesProvider>
        </FormErrorBoundary>
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-2xl">
      <CollectMapData layers={teamLayers} records={mapRecords.data}>
        <CollectHeader
          name={application.name}
          description={application.description}
          online={online}
          pending={pending}
          syncing={syncing}
          editing={editId !== null}
          formVersion={application.formVersion}
          location={formOpen ? recordLocation : null}
        />
        {body}
      </CollectMapData>
      {device.device.isPWA || params.has("debug") ? (
        <DebugPanel
          device={device}
          online={online}
          cachedAt={app.data.cachedAt}
          fromCache={fromCache}
          pending={pending}
        />
      ) : null}
    </div>
  );
}
