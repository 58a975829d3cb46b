import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDown, ChevronUp, Power, Send, Trash2 } from "lucide-react";
import { toast } from "../../../lib/toast.ts";
import { ConfirmActionDialog } from "../../../components/confirm-action-dialog.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "../../../components/ui/card.tsx";
import { apiErrorText } from "../../../lib/api-error-text.ts";
import type { WebhookEndpointDto } from "../../../../shared/integrations/webhook-dtos.ts";
import { useDeleteEndpoint, useDeliveryAction, useUpdateEndpoint } from "../api/webhooks-api.ts";
import { DeliveryLog } from "./delivery-log.tsx";

/** One endpoint: its URL, state and events, its actions, and its delivery log on demand. */
export function EndpointCard({ applicationId, endpoint }: { applicationId: string; endpoint: WebhookEndpointDto }) {
  const { t } = useTranslation("webhooks");
  const [logOpen, setLogOpen] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const update = useUpdateEndpoint(applicationId, endpoint.id);
  const remove = useDeleteEndpoint(applicationId, endpoint.id);
  const ping = useDeliveryAction(applicationId, endpoint.id);
  const disabled = endpoint.disabledAt !== null;

  const run = async (work: () => Promise<unknown>, success?: string) => {
    try {
      await work();
      if (success) toast.success(success);
    } catch (error) {
      toast.error(apiErrorText(t, error));
    }
  };

  return (
    <Card data-testid="webhook-endpoint">
      <CardHeader className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <p className="min-w-0 flex-1 break-all font-mono text-sm">{endpoint.url}</p>
          {disabled ? (
            <Badge variant="destructive">{t("state.disabled")}</Badge>
          ) : endpoint.failingSince ? (
            <Badge variant="warning">{t("state.failing")}</Badge>
          ) : (
            <Badge variant="success">{t("state.enabled")}</Badge>
          )}
        </div>
        {endpoint.disabledReason ? (
          <p className="text-sm text-muted-foreground" data-testid="webhook-disabled-reason">
            {t(`disabledReason.${endpoint.disabledReason}`)}
          </p>
        ) : null}
        <ul className="flex flex-wrap gap-1" aria-label={t("events")}>
          {endpoint.events.map((event) => (
            <li key={event}>
              <Badge variant="outline">{t(`eventNames.${event}`)}</Badge>
            </li>
          ))}
        </ul>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2" role="group" aria-label={t("actions.label")}>
          <Button variant="outline" size="sm" aria-expanded={logOpen} onClick={() => setLogOpen((open) => !open)}>
            {logOpen ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
            {t("actions.deliveries")}
          </Button>
          <Button
            variant="outline"
            size="sm"
            loading={ping.isPending}
            onClick={() => void run(() => ping.mutateAsync({ kind: "ping" }), t("actions.pingSent"))}
          >
            <Send aria-hidden />
            {t("actions.ping")}
          </Button>
          <Button
            variant="outline"
            size="sm"
            loading={update.isPending}
            onClick={() => void run(() => update.mutateAsync({ enabled: disabled }))}
          >
            <Power aria-hidden />
            {disabled ? t("actions.enable") : t("actions.disable")}
          </Button>
          <Button variant="outline" size="sm" className="text-destructive" onClick={() => setConfirmingDelete(true)}>
            <Trash2 aria-hidden />
            {t("actions.delete")}
          </Button>
        </div>
        {logOpen ? <DeliveryLog applicationId={applicationId} endpointId={endpoint.id} /> : null}
      </CardContent>
      <ConfirmActionDialog
        open={confirmingDelete}
        title={t("confirmDelete.title")}
        description={t("confirmDelete.body", { url: endpoint.url })}
        confirmLabel={t("confirmDelete.confirm")}
        busyLabel={t("saving")}
        busy={remove.isPending}
        onConfirm={() => void run(() => remove.mutateAsync()).finally(() => setConfirmingDelete(false))}
        onClose={() => setConfirmingDelete(false)}
      />
    </Card>
  );
}
