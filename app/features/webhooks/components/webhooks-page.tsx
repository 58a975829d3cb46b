import { useState } from "react";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowLeft, Lock, Plus, Webhook } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";
import { BlockedState } from "../../../components/blocked-state.tsx";
import { ApiClientError } from "../../../lib/api-client.ts";
import { useWebhookEndpoints } from "../api/webhooks-api.ts";
import { EndpointCard } from "./endpoint-card.tsx";
import { EndpointFormDialog } from "./endpoint-form-dialog.tsx";
import { SecretDialog } from "./secret-dialog.tsx";

/** /applications/:id/webhooks, reached from the application card's menu and the designer's settings: the application's endpoints and their logs. */
export default function WebhooksPage() {
  const { t } = useTranslation("webhooks");
  const applicationId = useParams().id ?? "";
  const endpoints = useWebhookEndpoints(applicationId);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  if (endpoints.error instanceof ApiClientError && endpoints.error.status === 403) {
    return (
      <BlockedState
        icon={Lock}
        title={t("noPermission.title")}
        message={t("noPermission.message")}
        backTo="/applications"
        backLabel={t("toApplications")}
      />
    );
  }

  let content;
  if (isUnavailableOffline(endpoints)) {
    content = <OfflineUnavailable onRetry={() => endpoints.refetch()} />;
  } else if (endpoints.isPending) {
    content = <Skeleton className="h-32 w-full" aria-busy="true" />;
  } else if (endpoints.isError) {
    content = (
      <LoadFailed
        title={t("loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => void endpoints.refetch()}
        retrying={endpoints.isFetching}
      />
    );
  } else if (endpoints.data.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-2 rounded-md border border-dashed p-8 text-center">
        <Webhook className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t("empty")}</p>
      </div>
    );
  } else {
    content = (
      <ul className="flex flex-col gap-4">
        {endpoints.data.map((endpoint) => (
          <li key={endpoint.id}>
            <EndpointCard applicationId={applicationId} endpoint={endpoint} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <Button variant="ghost" size="sm" className="self-start" asChild>
        <Link to={`/applications/${applicationId}/edit`}>
          <ArrowLeft aria-hidden />
          {t("back")}
        </Link>
      </Button>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="mt-1 text-muted-foreground">{t("description")}</p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden />
          {t("add")}
        </Button>
      </div>
      {content}
      <EndpointFormDialog
        applicationId={applicationId}
        open={adding}
        onOpenChange={setAdding}
        onCreated={(endpoint) => {
          setAdding(false);
          setSecret(endpoint.secret);
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
