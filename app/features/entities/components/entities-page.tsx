import { useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowLeft, Lock, Trees } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { BlockedState } from "../../../components/blocked-state.tsx";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { ApiClientError } from "../../../lib/api-client.ts";
import { searchEntities } from "../../../../shared/entities/entity-search.ts";
import { useApplicationEntities } from "../api/entities-api.ts";
import { useApplicationForm } from "../api/entity-setup-api.ts";
import { EntityDetail } from "./entity-detail.tsx";
import { EntitySetupPanel } from "./entity-setup-panel.tsx";

/** /applications/:id/entities: the entities of the form's list, searchable, with each one's history and conflicts. */
export default function EntitiesPage() {
  const { t } = useTranslation("entities");
  const applicationId = useParams().id ?? "";
  const bundle = useApplicationEntities(applicationId);
  // The setup panel is for the application's administrators; the server refuses its routes to anyone else.
  const application = useApplicationForm(applicationId);
  const [query, setQuery] = useState("");
  const [conflictsOnly, setConflictsOnly] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const shown = useMemo(
    () =>
      searchEntities(bundle.data?.entities ?? [], query, null).filter((entity) => !conflictsOnly || entity.conflict),
    [bundle.data, query, conflictsOnly],
  );

  if (bundle.error instanceof ApiClientError && bundle.error.status === 404)
    return (
      <BlockedState
        icon={Lock}
        title={t("noAccessTitle")}
        message={t("noAccess")}
        backTo="/applications"
        backLabel={t("toApplications")}
      />
    );

  let content;
  if (isUnavailableOffline(bundle)) content = <OfflineUnavailable onRetry={() => bundle.refetch()} />;
  else if (bundle.isPending) content = <Skeleton className="h-32 w-full" aria-busy="true" />;
  else if (bundle.isError)
    content = (
      <LoadFailed
        title={t("loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => void bundle.refetch()}
        retrying={bundle.isFetching}
      />
    );
  else if (!bundle.data.list)
    content = (
      <div className="flex flex-col items-center gap-2 rounded-md border border-dashed p-8 text-center">
        <Trees className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t("noList")}</p>
      </div>
    );
  else
    content = (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <div className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold">{bundle.data.list.name}</h2>
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t("search")}
            aria-label={t("search")}
          />
          <div className="flex items-center gap-2">
            <Checkbox
              id="conflicts-only"
              checked={conflictsOnly}
              onCheckedChange={(checked) => setConflictsOnly(checked === true)}
            />
            <Label htmlFor="conflicts-only">{t("conflictsOnly")}</Label>
          </div>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t("count", { count: shown.length })}
          </p>
          <ul className="flex flex-col gap-2">
            {shown.map((entity) => (
              <li key={entity.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(entity.id)}
                  aria-current={entity.id === openId ? "true" : undefined}
                  className="flex w-full items-center justify-between gap-2 rounded-md border p-3 text-left hover:bg-accent aria-[current=true]:border-primary"
                >
                  <span className="font-medium">{entity.label}</span>
                  {entity.conflict ? <Badge variant="warning">{t("conflict")}</Badge> : null}
                </button>
              </li>
            ))}
          </ul>
        </div>
        {openId ? (
          <EntityDetail applicationId={applicationId} entityId={openId} list={bundle.data.list} />
        ) : (
          <p className="text-muted-foreground">{t("pick")}</p>
        )}
      </div>
    );

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <Button variant="ghost" size="sm" className="self-start" asChild>
        <Link to="/applications">
          <ArrowLeft aria-hidden />
          {t("toApplications")}
        </Link>
      </Button>
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </div>
      {content}
      {bundle.isSuccess && application.data?.permissions.isAdmin ? (
        <EntitySetupPanel applicationId={applicationId} action={bundle.data.action} fields={application.data.fields} />
      ) : null}
    </div>
  );
}
