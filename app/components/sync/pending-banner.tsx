import { useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { CloudUpload, RefreshCw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useSession } from "../../lib/session.tsx";
import { syncNow } from "../../offline/sync-engine.ts";
import { useOutbox, useSyncState } from "../../offline/use-outbox.ts";
import { noticeFor } from "./sync-notice.ts";
import { showSyncNotice } from "./show-sync-notice.ts";

/**
 * 'N registro(s) pendente(s)' with 'Sincronizar Agora' (spec 001 §2), for the user's records of one application
 * or of all; also lists records the server refused, with why, since they stay on the device.
 */
export function PendingBanner({ applicationId }: { applicationId?: string }) {
  const { t, i18n } = useTranslation("sync");
  const navigate = useNavigate();
  const { me } = useSession();
  const userId = me?.user.id ?? null;
  const records = useOutbox(userId, applicationId);
  const syncing = useSyncState().status === "syncing";
  const [showReasons, setShowReasons] = useState(false);

  const waiting = records.filter(
    (record) => record.status === "pending" || record.status === "syncing" || record.status === "blocked",
  );
  const blocked = waiting.filter((record) => record.status === "blocked").length;
  const rejected = records.filter((record) => record.status === "rejected");
  if (waiting.length === 0 && rejected.length === 0) return null;

  const sync = async () => {
    const notice = noticeFor(await syncNow({ userId, manual: true }));
    if (notice) await showSyncNotice(notice, (to) => void navigate(to));
  };
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });

  return (
    <Alert variant={rejected.length > 0 ? "warning" : "info"} data-testid="pending-banner">
      <CloudUpload aria-hidden />
      <div className="flex flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            {waiting.length > 0 ? <AlertTitle>{t("banner.pending", { count: waiting.length })}</AlertTitle> : null}
            {blocked > 0 ? <AlertDescription>{t("banner.blocked", { count: blocked })}</AlertDescription> : null}
            {rejected.length > 0 ? (
              <AlertDescription>{t("banner.rejected", { count: rejected.length })}</AlertDescription>
            ) : null}
          </div>
          <div className="flex gap-2">
            {rejected.length > 0 ? (
              <Button
                variant="ghost"
                size="sm"
                aria-expanded={showReasons}
                onClick={() => setShowReasons((shown) => !shown)}
              >
                {showReasons ? t("banner.hideReasons") : t("banner.showReasons")}
              </Button>
            ) : null}
            {waiting.length > 0 ? (
              <Button size="sm" onClick={() => void sync()} loading={syncing}>
                {syncing ? null : <RefreshCw aria-hidden />}
                {syncing ? t("banner.syncing") : t("banner.syncNow")}
              </Button>
            ) : null}
          </div>
        </div>
        {showReasons ? (
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {rejected.map((record) => (
              <li key={record.id}>
                {t("banner.savedAt", { date: dateFormat.format(new Date(record.createdAt)) })}:{" "}
                {t(`reasons.${record.reason ?? "rejected"}`, { defaultValue: t("reasons.rejected") })}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Alert>
  );
}
