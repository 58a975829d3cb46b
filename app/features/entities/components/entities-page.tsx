import { lazy, Suspense, useId, useMemo, useState } from "react";
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
import { useBaseMap } from "../../../components/map/use-base-map.ts";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { ApiClientError } from "../../../lib/api-client.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import {
  ENTITY_MAP_MAX,
  ENTITY_ORIGINS,
  ENTITY_PAGE_SIZE,
  type EntityFilter,
  type EntityOrigin,
} from "../../../../shared/entities/entity-browse.ts";
import { useEntityAction, useEntityMap, useEntityPage } from "../api/entity-page-api.ts";
import { useApplicationForm } from "../api/entity-setup-api.ts";
import { EntityDetail } from "./entity-detail.tsx";
import { EntityExports } from "./entity-exports.tsx";
import { EntitySetupPanel } from "./entity-setup-panel.tsx";
import { EntityUpload } from "./entity-upload.tsx";

const EntityMap = lazy(() => import("./entity-map.tsx"));
const SELECT_CLASS = "h-10 rounded-md border border-input bg-background px-2 text-sm";
/** Typing settles this long before the server is asked. */
const SEARCH_DELAY_MS = 250;

/**
 * /applications/:id/entities: the entities of the form's list a page at a time, filtered on the server (words in the
 * label or values, conflicts, how each was made), the placed ones on a map, each one's history and conflicts; for
 * administrators also exports, a CSV upload and the form's link to a list.
 */
export default function EntitiesPage() {
  const { t } = useTranslation("entities");
  const id = useId();
  const applicationId = useParams().id ?? "";
  const [query, setQuery] = useState("");
  const [conflictsOnly, setConflictsOnly] = useState(false);
  const [origin, setOrigin] = useState<EntityOrigin | "">("");
  const [offset, setOffset] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const q = useDebouncedValue(query.trim(), SEARCH_DELAY_MS);
  const filter = useMemo<EntityFilter>(
    () => ({ ...(q ? { q } : {}), ...(conflictsOnly ? { conflict: true } : {}), ...(origin ? { origin } : {}) }),
    [q, conflictsOnly, origin],
  );
  const page = useEntityPage(applicationId, filter, offset, ENTITY_PAGE_SIZE);
  const hasList = page.isSuccess;
  const map = useEntityMap(applicationId, filter, hasList);
  const baseMap = useBaseMap();
  // The setup is for the application's administrators; the server refuses its routes to anyone else.
  const application = useApplicationForm(applicationId);
  const isAdmin = application.data?.permissions.isAdmin === true;
  const action = useEntityAction(applicationId, isAdmin);
  const refilter = (change: () => void) => {
    change();
    setOffset(0);
  };

  const noList = page.error instanceof ApiClientError && page.error.code === "ENTITY_LIST_NOT_FOUND";
  if (page.error instanceof ApiClientError && page.error.status === 404 && !noList)
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
  if (noList)
    content = (
      <div className="flex flex-col items-center gap-2 rounded-md border border-dashed p-8 text-center">
        <Trees className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t("noList")}</p>
      </div>
    );
  else if (isUnavailableOffline(page)) content = <OfflineUnavailable onRetry={() => page.refetch()} />;
  else if (page.isPending) content = <Skeleton className="h-32 w-full" aria-busy="true" />;
  else if (page.isError)
    content = (
      <LoadFailed
        title={t("loadFailed")}
        retryLabel={t("retry")}
        onRetry={() => void page.refetch()}
        retrying={page.isFetching}
      />
    );
  else {
    const { list, entities, total } = page.data;
    const last = Math.min(offset + entities.length, total);
    content = (
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold">{list.name}</h2>
          <div className="flex flex-wrap items-end gap-4">
            <Input
              type="search"
              className="max-w-sm"
              value={query}
              onChange={(event) => refilter(() => setQuery(event.target.value))}
              placeholder={t("search")}
              aria-label={t("search")}
            />
            <div className="flex items-center gap-2">
              <Checkbox
                id={`${id}-conflicts`}
                checked={conflictsOnly}
                onCheckedChange={(checked) => refilter(() => setConflictsOnly(checked === true))}
              />
              <Label htmlFor={`${id}-conflicts`}>{t("conflictsOnly")}</Label>
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-origin`}>{t("origin.label")}</Label>
              <select
                id={`${id}-origin`}
                className={SELECT_CLASS}
                value={origin}
                onChange={(event) => refilter(() => setOrigin(event.target.value as EntityOrigin | ""))}
              >
                <option value="">{t("origin.any")}</option>
                {ENTITY_ORIGINS.map((value) => (
                  <option key={value} value={value}>
                    {t(`origin.${value}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {isAdmin ? <EntityExports applicationId={applicationId} filter={filter} /> : null}
        </div>
        <section aria-labelledby={`${id}-map`} className="flex flex-col gap-2">
          <h3 id={`${id}-map`} className="font-medium">
            {t("map.title")}
          </h3>
          {map.data && map.data.points.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("map.none")}</p>
          ) : map.data && baseMap ? (
            <Suspense fallback={<Skeleton className="h-72 w-full" />}>
              <EntityMap baseMap={baseMap} label={t("map.label")} points={map.data.points} onPick={setOpenId} />
            </Suspense>
          ) : (
            <Skeleton className="h-72 w-full" />
          )}
          {map.data?.truncated ? (
            <p className="text-sm text-muted-foreground">{t("map.truncated", { count: ENTITY_MAP_MAX })}</p>
          ) : null}
        </section>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
          <div className="flex flex-col gap-3">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {total === 0 ? t("count", { count: 0 }) : t("range", { from: offset + 1, to: last, count: total })}
            </p>
            <ul className="flex flex-col gap-2" aria-busy={page.isPlaceholderData}>
              {entities.map((entity) => (
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
            {total > ENTITY_PAGE_SIZE ? (
              <nav className="flex items-center gap-2" aria-label={t("pages")}>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - ENTITY_PAGE_SIZE))}
                >
                  {t("previous")}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={last >= total}
                  onClick={() => setOffset(offset + ENTITY_PAGE_SIZE)}
                >
                  {t("next")}
                </Button>
              </nav>
            ) : null}
          </div>
          {openId ? (
            <EntityDetail applicationId={applicationId} entityId={openId} list={list} />
          ) : (
            <p className="text-muted-foreground">{t("pick")}</p>
          )}
        </div>
        {isAdmin ? (
          <section className="rounded-md border p-4">
            <EntityUpload applicationId={applicationId} />
          </section>
        ) : null}
      </div>
    );
  }

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
      {isAdmin && action.isSuccess && application.data ? (
        <EntitySetupPanel applicationId={applicationId} action={action.data} fields={application.data.fields} />
      ) : null}
    </div>
  );
}
