import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RotateCcw } from "lucide-react";
import { toast } from "../../../lib/toast.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import { formatDateTime } from "../../../../shared/records/answer-format.ts";
import { normalizeLanguage, DEFAULT_LANGUAGE } from "../../../../shared/i18n/languages.ts";
import type { WebhookDeliveryStatus } from "../../../../shared/integrations/webhook-dtos.ts";
import { useDeliveries, useDeliveryAction } from "../api/webhooks-api.ts";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";

const STATUS_BADGE: Record<WebhookDeliveryStatus, "success" | "warning" | "destructive"> = {
  succeeded: "success",
  pending: "warning",
  failed: "destructive",
};

/** One endpoint's deliveries, newest first, 20 a page, each with 'Reenviar'. */
export function DeliveryLog({ applicationId, endpointId }: { applicationId: string; endpointId: string }) {
  const { t, i18n } = useTranslation("webhooks");
  const language = normalizeLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const [page, setPage] = useState(1);
  const log = useDeliveries(applicationId, endpointId, page);
  const action = useDeliveryAction(applicationId, endpointId);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, language) : "—");

  if (isUnavailableOffline(log)) return <OfflineUnavailable onRetry={() => log.refetch()} />;
  if (log.isPending) return <Skeleton className="h-24 w-full" aria-busy="true" />;
  if (log.isError)
    return (
      <LoadFailed
        title={t("loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  const { deliveries, total, pageSize } = log.data;
  if (deliveries.length === 0) return <p className="text-sm text-muted-foreground">{t("deliveries.empty")}</p>;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const redeliver = async (deliveryId: string) => {
    try {
      await action.mutateAsync({ kind: "redeliver", deliveryId });
      toast.success(t("deliveries.redelivered"));
    } catch (error) {
      toast.error(apiErrorText(t, error));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col divide-y rounded-md border" aria-label={t("deliveries.title")}>
        {deliveries.map((delivery) => (
          <li key={delivery.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4 lg:grid-cols-7">
              <div className="col-span-2 sm:col-span-1">
                <dt className="sr-only">{t("deliveries.event")}</dt>
                <dd className="font-medium">{t(`eventNames.${delivery.event}`)}</dd>
              </div>
              <div>
                <dt className="sr-only">{t("deliveries.status")}</dt>
                <dd>
                  <Badge variant={STATUS_BADGE[delivery.status]}>{t(`deliveries.statuses.${delivery.status}`)}</Badge>
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("deliveries.response")}</dt>
                <dd>{delivery.responseStatus ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("deliveries.duration")}</dt>
                <dd>{delivery.durationMs === null ? "—" : `${delivery.durationMs} ms`}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("deliveries.attempts")}</dt>
                <dd>{delivery.attempts}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("deliveries.nextAttempt")}</dt>
                <dd>{when(delivery.nextAttemptAt)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("deliveries.created")}</dt>
                <dd>{when(delivery.createdAt)}</dd>
              </div>
            </dl>
            <Button
              variant="outline"
              size="sm"
              className="self-start sm:self-center"
              onClick={() => void redeliver(delivery.id)}
              disabled={action.isPending}
            >
              <RotateCcw aria-hidden />
              {t("deliveries.redeliver")}
            </Button>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="flex items-center justify-between gap-2 text-sm" aria-label={t("deliveries.title")}>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("deliveries.previous")}
          </Button>
          <span>{t("deliveries.page", { page, pages })}</span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t("deliveries.next")}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
