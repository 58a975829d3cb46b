import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Map as MapIcon, X } from "lucide-react";
import { Button } from "../../ui/button.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { useBaseMap } from "../../map/use-base-map.ts";
import { useTeamLayersView } from "../../map/team-layers-context.tsx";
import { TeamLayersLegend } from "../../map/team-layers-legend.tsx";
import { SnapNotice } from "../../map/snap-notice.tsx";
import type { SnappedTap } from "../../map/geometry-map.tsx";
import { useGeolocation } from "../hooks/use-geolocation.ts";
import { isCapturedPosition } from "../logic/gps.ts";
import { groupAria, type WidgetProps } from "./widget-props.ts";
import { PositionView } from "./position-view.tsx";

// MapLibre is ~1 MB: its chunk loads only when the collector opens the map.
const GeometryMap = lazy(() => import("../../map/geometry-map.tsx"));

/**
 * A GPS answer; the form also uses it as the record's location. Captured from the device, or placed on the map (as
 * ODK's placement-map): a tap near a team layer's vertex or line snaps to it, so a plot's corner is recorded
 * exactly. A placed point has accuracy 0, as ODK writes a point placed by hand.
 */
export function GpsWidget({ value, onChange, control }: WidgetProps<"gps">) {
  const { t } = useTranslation("collect");
  const { state, error, capture } = useGeolocation(onChange);
  const position = isCapturedPosition(value) ? value : null;
  const baseMap = useBaseMap();
  const layers = useTeamLayersView();
  const [mapOpen, setMapOpen] = useState(false);
  const [snapped, setSnapped] = useState<SnappedTap | null>(null);

  const place = (at: [number, number], snap: SnappedTap | null) => {
    setSnapped(snap);
    onChange({ longitude: at[0], latitude: at[1], accuracy: 0, timestamp: new Date().toISOString() });
  };

  return (
    <div role="group" {...groupAria(control)} className="flex flex-col gap-3">
      <PositionView
        position={position}
        state={position && state === "idle" ? "captured" : state}
        error={error}
        onCapture={capture}
        captureLabel={t("gps.capture")}
      />
      <Button type="button" variant="outline" onClick={() => setMapOpen((open) => !open)} aria-expanded={mapOpen}>
        {mapOpen ? <X aria-hidden /> : <MapIcon aria-hidden />}
        {mapOpen ? t("gps.hideMap") : t("gps.pickOnMap")}
      </Button>
      {mapOpen && (
        <div className="flex flex-col gap-2" data-testid="gps-map">
          <p className="text-sm text-muted-foreground">{t("gps.mapHint")}</p>
          {baseMap ? (
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <GeometryMap
                baseMap={baseMap}
                label={t("gps.mapLabel")}
                position={position}
                onTap={place}
                layers={layers.shown}
                snap={layers.snapping}
              />
            </Suspense>
          ) : (
            <Skeleton className="h-64 w-full" />
          )}
          <SnapNotice snapped={snapped} />
          <TeamLayersLegend view={layers} withSnapping />
        </div>
      )}
    </div>
  );
}
