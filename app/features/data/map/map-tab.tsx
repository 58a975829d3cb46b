import { lazy, Suspense, useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { LoaderCircle, MapPinOff } from "lucide-react";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { isUnavailableOffline } from "../../../lib/offline-query.ts";
import { OfflineUnavailable } from "../../../components/offline-unavailable.tsx";
import type { RecordField } from "../../../../shared/records/answer-format.ts";
import type { RecordView } from "../../../../shared/records/record-view.ts";
import type { BaseMap } from "../../../../shared/map/base-map.ts";
import { dataApi, dataKeys } from "../api/data-api.ts";
import { runtimeConfigQuery } from "../../../components/map/use-base-map.ts";
import { RecordSelection } from "./record-selection.tsx";
import { useSession } from "../../../lib/session.tsx";
import { loadTeamLayers } from "../../../offline/team-layers.ts";
import { deviceKey, queryKeyOf } from "../../../lib/api-call.ts";
import { listTeamLayers } from "../../../../shared/api/contracts/team-layers.ts";
import { ownerKeyOf } from "../../../offline/db.ts";
import { useTeamLayersState } from "../../../components/map/team-layers-context.tsx";
import { TeamLayersLegend } from "../../../components/map/team-layers-legend.tsx";
import { teamLayerFeatures } from "../../../components/map/team-layer-overlay.ts";
import { useMapView } from "./use-map-view.ts";

/** The one application's records: the map's single group. */
const RECORD_COLOR = "#f97316";

const OUTLINE: BaseMap = { kind: "outline" };

// MapLibre is ~1 MB: its chunk loads only when the map tab opens.
const RecordsMap = lazy(() => import("./records-map.tsx"));

interface MapTabProps {
  applicationId: string;
  fields: RecordField[];
  filterQuery: string;
  onOpenRecord(record: RecordView): void;
}

/**
 * The data map computed per view (issues 25 and 27, useMapView): the whole world's answer gives the counts and the
 * records' extent, which the map frames; then every settled view asks the server for its clusters, or its records
 * when few are in it.
 */
export function MapTab({ applicationId, fields, filterQuery, onOpenRecord }: MapTabProps) {
  const { t } = useTranslation("data");
  const config = useQuery(runtimeConfigQuery);
  const userKey = ownerKeyOf(useSession().me?.user.id);
  const layers = useQuery({
    queryKey: deviceKey(queryKeyOf(listTeamLayers, { params: { id: applicationId } }), userKey),
    queryFn: () => loadTeamLayers(userKey, applicationId),
    networkMode: "always",
    retry: false,
  });
  const layerView = useTeamLayersState(layers.data);
  const overlay = useMemo(() => teamLayerFeatures(layerView.shown), [layerView.shown]);
  const { world, view, shown, setViewport } = useMapView(
    (request) => dataKeys.mapView(applicationId, filterQuery, request),
    (request, signal) => dataApi.mapView(applicationId, filterQuery, request, signal),
  );
  const groups = useMemo(
    () =>
      shown
        ? [
            {
              id: applicationId,
              color: RECORD_COLOR,
              points: shown.points,
              clusters: shown.clusters,
              shapes: shown.shapes.map(([id, , geometry]) => ({ id, geometry })),
            },
          ]
        : [],
    [applicationId, shown],
  );
  if (isUnavailableOffline(world) || isUnavailableOffline(config))
    return <OfflineUnavailable onRetry={() => Promise.all([world.refetch(), config.refetch()])} />;
  if (world.isError) return <p className="text-destructive">{t("map.error")}</p>;
  if (world.isPending || config.isPending) return <Skeleton className="h-[60vh] w-full" />;
  const withoutLocation = world.data.withoutLocation ?? 0;
  return (
    <div className="space-y-2">
      <p className="flex min-h-6 flex-wrap items-center gap-3 text-sm text-muted-foreground">
        <span data-testid="map-located">{t("map.located", { count: world.data.total })}</span>
        {withoutLocation > 0 && (
          <span className="inline-flex items-center gap-1" data-testid="map-without-location">
            <MapPinOff className="size-4" aria-hidden /> {t("map.withoutLocation", { count: withoutLocation })}
          </span>
        )}
        <span role="status" aria-live="polite" className="inline-flex items-center gap-1">
          {view.isFetching && (
            <>
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
              <span data-testid="map-updating">{t("map.updating")}</span>
            </>
          )}
          {view.isError && !view.isFetching && <span className="text-destructive">{t("map.viewError")}</span>}
        </span>
      </p>
      {world.data.total === 0 && (
        <p
          className="rounded-md border border-border bg-muted p-3 text-sm text-muted-foreground"
          data-testid="map-empty"
        >
          {t("map.empty")}
        </p>
      )}
      <Suspense fallback={<Skeleton className="h-[60vh] w-full" />}>
        <RecordsMap
          groups={groups}
          overlay={overlay}
          baseMap={config.data?.baseMap ?? OUTLINE}
          frame={world.data.extent ?? null}
          onViewportChange={setViewport}
          renderSelection={(_, ids) => (
            <RecordSelection
              applicationId={applicationId}
              ids={ids}
              fields={fields}
              openLabel={t("map.openRecord")}
              onOpen={onOpenRecord}
            />
          )}
        />
      </Suspense>
      <TeamLayersLegend view={layerView} />
    </div>
  );
}
