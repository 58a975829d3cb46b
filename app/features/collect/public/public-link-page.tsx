import { useCallback, useEffect, useMemo, useState } from "react";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { CheckCircle2, FileX2, PauseCircle, Send } from "lucide-react";
import { LoadingScreen } from "../../../components/routing/loading-screen.tsx";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FormFilesProvider, useFilesView } from "../../../components/form-fill/form-files-context.tsx";
import { formShape } from "../../../components/form-fill/logic/form-structure.ts";
import { useRegexEngine } from "../../../components/form-fill/use-regex-engine.ts";
import { toCollectFields } from "../../../components/form-fill/logic/form-values.ts";
import { useNetworkStatus } from "../../../lib/network-status.ts";
import { usePendingCount } from "../../../offline/use-outbox.ts";
import {
  linkOwnerKey,
  syncLink,
  visitorDeviceId,
  type LinkRefusal,
  type LinkSyncReport,
} from "../../../offline/public-link-sync.ts";
import type { PublicLinkStatus } from "../../../../shared/public-links/public-link-dtos.ts";
import { CollectForm } from "../form/collect-form.tsx";
import { FormErrorBoundary } from "../screen/form-error-boundary.tsx";
import { GuardScreen } from "../screen/guard-screen.tsx";
import { useRecordLocation } from "../hooks/use-record-location.ts";
import { PublicLinkGone, usePublicForm, usePublicFormFiles, type LoadedPublicForm } from "./use-public-form.ts";

/**
 * What the visitor is told: the link's own state, a refusal of the whole request (busy: throttled for now), or held:
 * records blocked by the owner's plan or the link's cap, kept on the device until the owner makes room.
 */
type VisitorStatus = PublicLinkStatus | "busy" | "held";

const REFUSAL_STATUS: Record<LinkRefusal, VisitorStatus> = {
  PUBLIC_LINK_PAUSED: "paused",
  PUBLIC_LINK_CLOSED: "expired",
  PUBLIC_LINK_NOT_FOUND: "revoked",
  RATE_LIMITED: "busy",
};

/**
 * `/f/:token`: a form anyone with the link answers, without an account. The form is the collect form; records go to
 * the device's outbox under the link (never another queue) and are sent through the link, now or when the
 * connection returns. Nothing of the owner's other data is ever fetched here.
 */
export default function PublicLinkPage() {
  const { t } = useTranslation(["public-links", "collect"]);
  const { token = "" } = useParams();
  const loaded = usePublicForm(token);

  if (loaded.isPending) return <LoadingScreen label={t("collect:loading")} />;
  if (loaded.isError) {
    const gone = loaded.error instanceof PublicLinkGone;
    return (
      <GuardScreen
        icon={FileX2}
        title={gone ? t("visitor.goneTitle") : t("visitor.loadErrorTitle")}
        message={gone ? t("visitor.gone") : t("visitor.loadError")}
        action={gone ? { to: "/", label: t("visitor.home") } : { to: `/f/${token}`, label: t("visitor.retry") }}
      />
    );
  }
  return <VisitorForm token={token} {...loaded.data} />;
}

function VisitorForm({ token, form }: { token: string } & LoadedPublicForm) {
  const { t } = useTranslation(["public-links", "collect"]);
  const online = useNetworkStatus();
  const ownerKey = linkOwnerKey(token);
  const pending = usePendingCount(ownerKey, form.application.id);
  const recordLocation = useRecordLocation();
  const [deviceId] = useState(visitorDeviceId);
  const [refusal, setRefusal] = useState<VisitorStatus | null>(null);
  const [thanks, setThanks] = useState<"online" | "offline" | null>(null);
  const fields = useMemo(() => toCollectFields(form.fields), [form.fields]);
  useRegexEngine(form.fields);
  const files = usePublicFormFiles(token, form);
  const filesView = useFilesView(files.data);
  const shape = useMemo(() => formShape(fields, filesView.tables), [fields, filesView.tables]);

  const noteReport = useCallback((report: LinkSyncReport): LinkSyncReport => {
    if (report.refusal) setRefusal(REFUSAL_STATUS[report.refusal]);
    // Held by the owner's plan (records or storage) or the link's cap: kept here, and said so, until there is room.
    else if (report.blocked > 0) setRefusal("held");
    else if (report.synced > 0) setRefusal(null);
    return report;
  }, []);
  const send = useCallback(() => syncLink(token, deviceId).then(noteReport), [token, deviceId, noteReport]);

  // Queued answers go as soon as the page opens online and whenever the connection comes back.
  useEffect(() => {
    if (online) void syncLink(token, deviceId).then(noteReport);
  }, [online, token, deviceId, noteReport]);

  const status = refusal ?? form.link.status;
  const closed = status !== "open" && status !== "busy" && status !== "held";
  const { application } = form;

  return (
    <main id="main" className="mx-auto w-full max-w-2xl p-4 sm:p-6">
      <header className="mb-4">
        <h1 className="text-2xl font-semibold">{application.name}</h1>
        {application.description ? <p className="mt-1 text-muted-foreground">{application.description}</p> : null}
        {!online ? (
          <p role="status" className="mt-2 text-sm text-muted-foreground">
            {t("visitor.offline")}
          </p>
        ) : null}
      </header>

      {pending ? (
        <Alert className="mb-4" data-testid="visitor-pending">
          <Send aria-hidden />
          <div>
            <AlertTitle>{t("visitor.pending", { count: pending })}</AlertTitle>
            <AlertDescription className="flex flex-wrap items-center gap-2">
              {t("visitor.pendingDetail")}
              {online ? (
                <Button type="button" size="sm" variant="outline" onClick={() => void send()}>
                  {t("visitor.sendNow")}
                </Button>
              ) : null}
            </AlertDescription>
          </div>
        </Alert>
      ) : null}

      {status !== "open" ? (
        <Alert className="mb-4" role="status">
          <PauseCircle aria-hidden />
          <div>
            <AlertTitle>{t(`visitor.status.${status}.title`)}</AlertTitle>
            <AlertDescription>{t(`visitor.status.${status}.detail`)}</AlertDescription>
          </div>
        </Alert>
      ) : null}

      {thanks ? (
        <section aria-live="polite" className="rounded-lg border bg-card p-6 text-center">
          <CheckCircle2 aria-hidden className="mx-auto mb-2 size-10 text-green-600 dark:text-green-400" />
          <h2 className="text-xl font-semibold">{t("visitor.thanksTitle")}</h2>
          <p className="mt-1 text-muted-foreground">
            {thanks === "online" ? t("visitor.thanksSent") : t("visitor.thanksQueued")}
          </p>
          {form.link.oneRecordPerDevice ? null : (
            <Button type="button" className="mt-4" onClick={() => setThanks(null)}>
              {t("visitor.again")}
            </Button>
          )}
        </section>
      ) : closed ? null : files.isPending ? (
        <LoadingScreen label={t("collect:loading")} />
      ) : (
        <FormErrorBoundary>
          <FormFilesProvider value={filesView}>
            <CollectForm
              applicationId={application.id}
              shape={shape}
              sectionPages={application.sectionPages}
              formVersion={application.formVersion}
              userId={ownerKey}
              online={online}
              edit={null}
              limitBlocked={false}
              cancelTo={`/f/${token}`}
              recordLocation={recordLocation}
              send={send}
              // A public link's device may be shared by several visitors: one's answers are never another's defaults.
              lastSaved={null}
              onLimitReached={() => setRefusal("held")}
              onSaved={(outcome) => setThanks(outcome)}
            />
          </FormFilesProvider>
        </FormErrorBoundary>
      )}
    </main>
  );
}
