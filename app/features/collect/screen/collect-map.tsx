import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Navigation, X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useBaseMap } from "../../../components/map/use-base-map.ts";
import { useTeamLayersView } from "../../../components/map/team-layers-context.tsx";
import { TeamLayersLegend } from "../../../components/map/team-layers-legend.tsx";
import { controlClasses } from "../../../components/ui/input.tsx";
import { cn } from "../../../lib/cn.ts";
import { useMapRecords } from "./collect-map-data.tsx";
import { recordTarget } from "../../../../shared/map/collect-map-records.ts";
import { usePositionWatch } from "../../../components/form-fill/hooks/use-position-watch.ts";
import { formatCoordinate, type CapturedPosition } from "../../../components/form-fill/logic/gps.ts";
import { bearingDegrees, distanceMeters } from "../../../../shared/geo/geometry-measure.ts";
import { formatLength } from "../../../../shared/geo/geometry-format.ts";
import { compassPoint, normalizeBearing, parseCoordinates } from "../logic/navigation.ts";

const GeometryMap = lazy(() => import("../../../components/map/geometry-map.tsx"));

/**
 * The collect map: where the record is, with its accuracy as a circle, and "navigate to": tap the map (or type the
 * coordinates) to choose a point, then the distance and bearing from the device to it follow the collector's steps.
 */
export function CollectMap({ recordPosition }: { recordPosition: CapturedPosition | null }) {
  const { t, i18n } = useTranslation("collect");
  const baseMap = useBaseMap();
  const layers = useTeamLayersView();
  const records = useMapRecords();
  const inputId = useId();
  const [target, setTarget] = useState<[number, number] | null>(null);
  const [typed, setTyped] = useState("");
  const [typedInvalid, setTypedInvalid] = useState(false);
  const [live, setLive] = useState<CapturedPosition | null>(null);
  const watch = usePositionWatch(setLive);
  const { start, stop } = watch;
  // Only while a point is chosen does the GPS keep running, so the figures stay true as the collector walks.
  useEffect(() => {
    if (target) start();
    else stop();
  }, [target, start, stop]);

  const here = live ?? recordPosition;
  const from: [number, number] | null = here ? [here.longitude, here.latitude] : null;
  const distance = from && target ? distanceMeters(from, target) : null;
  const bearing = from && target ? normalizeBearing(bearingDegrees(from, target)) : null;

  const submitTyped = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCoordinates(typed);
    setTypedInvalid(parsed === null);
    if (parsed) setTarget(parsed);
  };

  return (
    <div className="mt-2 space-y-2" data-testid="collect-map">
      {baseMap ? (
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <GeometryMap
            baseMap={baseMap}
            label={t("collectMap.label")}
            position={here}
            target={target}
            onTap={setTarget}
            layers={layers.shown}
            snap={layers.snapping}
            records={records}
          />
        </Suspense>
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
      <TeamLayersLegend view={layers} withSnapping />
      <p className="text-sm text-muted-foreground">{t("collectMap.hint")}</p>
      {records.length > 0 && (
        <div>
          <label htmlFor={`${inputId}-record`} className="text-sm font-medium">
            {t("collectMap.toRecord")}
          </label>
          <select
            id={`${inputId}-record`}
            className={cn(controlClasses, "h-10")}
            value=""
            onChange={(event) => {
              const record = records.find((candidate) => candidate.id === event.target.value);
              const at = record ? recordTarget(record) : null;
              if (at) setTarget(at);
            }}
          >
            <option value="">{t("collectMap.chooseRecord", { count: records.length })}</option>
            {records.map((record) => {
              const at = recordTarget(record);
              const when = new Date(record.createdAt).toLocaleString(i18n.language, {
                dateStyle: "short",
                timeStyle: "short",
              });
              return (
                <option key={record.id} value={record.id}>
                  {from && at ? `${when} · ${formatLength(distanceMeters(from, at), i18n.language)}` : when}
                </option>
              );
            })}
          </select>
        </div>
      )}
      <form className="flex items-end gap-2" onSubmit={submitTyped}>
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t("collectMap.coordinates")}
          </label>
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="-15.793889, -47.882778"
            inputMode="text"
            aria-invalid={typedInvalid || undefined}
            aria-describedby={typedInvalid ? `${inputId}-error` : undefined}
          />
        </div>
        <Button type="submit" variant="secondary">
          <Navigation aria-hidden /> {t("collectMap.navigate")}
        </Button>
      </form>
      {typedInvalid && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive">
          {t("collectMap.invalidCoordinates")}
        </p>
      )}
      <div aria-live="polite" data-testid="navigate-to">
        {target && (
          <div className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-mono tabular-nums">
                {t("collectMap.target", {
                  coordinates: `${formatCoordinate(target[1])}, ${formatCoordinate(target[0])}`,
                })}
              </p>
              {distance !== null && bearing !== null ? (
                <p
                  className="mt-1 font-medium"
                  data-testid="navigate-figures"
                  data-meters={Math.round(distance)}
                  data-bearing={bearing}
                >
                  {t("collectMap.figures", {
                    distance: formatLength(distance, i18n.language),
                    degrees: bearing,
                    direction: t(`collectMap.compass.${compassPoint(bearing)}`),
                  })}
                </p>
              ) : (
                <p className="mt-1 text-muted-foreground">{t("collectMap.waitingPosition")}</p>
              )}
              {watch.error && (
                <p role="alert" className="mt-1 text-destructive">
                  {t(`gps.error.${watch.error}`)}
                </p>
              )}
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-10 shrink-0"
              onClick={() => setTarget(null)}
              aria-label={t("collectMap.clearTarget")}
            >
              <X aria-hidden />
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
