import { lazy, Suspense, useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { MapPinOff } from "lucide-react";
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
import { ownerKeyOf } from "../../../offline/db.ts";
import { useTeamLayersState } from "../../../components/map/team-layers-context.tsx";
import { TeamLayersLegend } from "../../../components/map/team-layers-legend.tsx";
import { teamLayerFeatures } from "../../../components/map/team-layer-overlay.ts";

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

export function MapTab({ applicationId, fields, filterQuery, onOpenRecord }: MapTabProps) {
  const { t } = useTranslation("data");
  const config = useQuery(runtimeConfigQuery);
  const userKey = ownerKeyOf(useSession().me?.user.id);
  const layers = useQuery({
    queryKey: ["data", "team-layers", userKey, applicationId],
    queryFn: () => loadTeamLayers(userKey, applicationId),
    networkMode: "always",
    retry: false,
  });
  const layerView = useTeamLayersState(layers.data);
  const overlay = useMemo(() => teamLayerFeatures(layerView.shown), [layerView.shown]);
  const points = useQuery({
    queryKey: dataKeys.map(applicationId, filterQuery),
    queryFn: () => dataApi.map(applicationId, filterQuery),
  });
  const groups = useMemo(
    () =>
      points.data
        ? [
            {
              id: applicationId,
              color: RECORD_COLOR,
              points: points.data.points,
              shapes: points.data.shapes.map(([id, , geometry]) => ({ id, geometry })),
            },
          ]
        : [],
    [applicationId, points.data],
  );
  if (isUnavailableOffline(points) || isUnavailableOffline(config))
    return <OfflineUnavailable onRetry={() => Promise.all([points.refetch(), config.refetch()])} />;
  if (points.isError) return <p className="text-destructive">{t("map.error")}</p>;
  if (points.isPending || config.isPending) return <Skeleton className="h-[60vh] w-full" />;
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        <span data-testid="map-located">{t("map.located", { count: points.data.points.length })}</span>
        {points.data.withoutLocation > 0 && (
          <span className="inline-flex items-center gap-1" data-testid="map-without-location">
            <MapPinOff className="size-4" aria-hidden />{" "}
            {t("map.withoutLocation", { count: points.data.withoutLocation })}
          </span>
        )}
      </p>
      <Suspense fallback={<Skeleton className="h-[60vh] w-full" />}>
        <RecordsMap
          groups={groups}
          overlay={overlay}
          baseMap={config.data?.baseMap ?? OUTLINE}
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
