import { lazy, Suspense, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";
import type { BaseMap } from "../../../../shared/map/base-map.ts";
import type { OverviewView } from "../../../../shared/records/overview.ts";
import { runtimeConfigQuery } from "../../../components/map/use-base-map.ts";
import { overviewApi, overviewKeys } from "../api/overview-api.ts";
import { useMapView } from "../map/use-map-view.ts";
import type { Bbox } from "../../../../shared/map/map-view.ts";
import { FilterBar } from "../filters/filter-bar.tsx";
import { RecordSelection } from "../map/record-selection.tsx";
import { applicationColor } from "./application-colors.ts";
import { MapLegend } from "./map-legend.tsx";
import { OverviewFrame } from "./overview-frame.tsx";
import { useOverview } from "./use-overview.ts";

const OUTLINE: BaseMap = { kind: "outline" };
// MapLibre is ~1 MB: its chunk loads with this page only.
const RecordsMap = lazy(() => import("../map/records-map.tsx"));

/**
 * /maps — every located record the user reads on one map, a colour per application, a legend that hides applications.
 * Asked per view as the data map is (useMapView): each application's clusters, or its records when few are in view.
 */
export default function AllMapsPage() {
  const { t } = useTranslation("data");
  const overview = useOverview();
  return (
    <OverviewFrame title={t("overview.mapsTitle")} subtitle={t("overview.mapsSubtitle")} view={overview.view}>
      {(view) => <AllMaps view={view} overview={overview} />}
    </OverviewFrame>
  );
}

/** The bounds of every application's records, framed once the whole world's answer arrives; null when none is placed. */
function unionOf(extents: readonly Bbox[]): Bbox | null {
  if (!extents.length) return null;
  return [
    Math.min(...extents.map((extent) => extent[0])),
    Math.min(...extents.map((extent) => extent[1])),
    Math.max(...extents.map((extent) => extent[2])),
    Math.max(...extents.map((extent) => extent[3])),
  ];
}

function AllMaps({ view, overview }: { view: OverviewView; overview: ReturnType<typeof useOverview> }) {
  const { t } = useTranslation("data");
  const navigate = useNavigate();
  const { search, setFilter, query } = overview;
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const config = useQuery(runtimeConfigQuery);
  const {
    world: map,
    shown,
    setViewport,
  } = useMapView(
    (request) => overviewKeys.mapView(query, request),
    (request, signal) => overviewApi.mapView(query, request, signal),
  );
  const legend = useMemo(
    () =>
      view.applications.map((application, index) => {
        const whole = map.data?.groups.find((candidate) => candidate.applicationId === application.id);
        return {
          ...application,
          color: applicationColor(index),
          located: whole?.total ?? 0,
          withoutLocation: whole?.withoutLocation ?? 0,
        };
      }),
    [view.applications, map.data],
  );
  const groups = useMemo(
    () =>
      legend.map((entry) => {
        const group = shown?.groups.find((candidate) => candidate.applicationId === entry.id);
        return {
          id: entry.id,
          color: entry.color,
          points: group?.points ?? [],
          clusters: group?.clusters ?? [],
          shapes: group?.shapes.map(([id, , geometry]) => ({ id, geometry })) ?? [],
        };
      }),
    [legend, shown],
  );
  const frame = useMemo(
    () => unionOf(map.data?.groups.flatMap((group) => (group.extent ? [group.extent] : [])) ?? []),
    [map.data],
  );
  const names = new Map(view.applications.map((application) => [application.id, application.name]));
  const filterView = {
    fields: [],
    submitters: view.submitters,
    capabilities: { canViewAllSubmissions: view.applications.some((application) => application.canViewAllSubmissions) },
  };
  const toggle = (id: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <>
      <FilterBar view={filterView} filter={search.filter} onChange={setFilter} />
      {isUnavailableOffline(map) || isUnavailableOffline(config) ? (
        <OfflineUnavailable onRetry={() => Promise.all([map.refetch(), config.refetch()])} />
      ) : map.isError ? (
        <p className="text-destructive">{t("map.error")}</p>
      ) : map.isPending || config.isPending ? (
        <Skeleton className="h-[60vh] w-full" />
      ) : (
        <div className="grid gap-3 lg:grid-cols-[1fr_16rem]">
          <Suspense fallback={<Skeleton className="h-[60vh] w-full" />}>
            <RecordsMap
              groups={groups}
              hidden={hidden}
              baseMap={config.data?.baseMap ?? OUTLINE}
              frame={frame}
              onViewportChange={setViewport}
              renderSelection={(applicationId, ids) => (
                <div className="space-y-1">
                  <p className="text-sm font-semibold text-foreground">{names.get(applicationId)}</p>
                  <RecordSelection
                    applicationId={applicationId}
                    ids={ids}
                    fields={[]}
                    openLabel={t("overview.openApplication")}
                    onOpen={() => void navigate(`/applications/${applicationId}/data`)}
                  />
                </div>
              )}
            />
          </Suspense>
          <MapLegend entries={legend} hidden={hidden} onToggle={toggle} />
        </div>
      )}
    </>
  );
}
