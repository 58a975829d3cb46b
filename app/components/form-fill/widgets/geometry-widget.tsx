import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GeometryFieldType, Position } from "../../../../shared/geo/geometry-answer.ts";
import { Footprints, LocateFixed, MousePointerClick, Square, Trash2, Undo2, X } from "lucide-react";
import { Button } from "../../ui/button.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { useBaseMap } from "../../map/use-base-map.ts";
import { useGeolocation } from "../hooks/use-geolocation.ts";
import { useWalk } from "../hooks/use-walk.ts";
import { formatCoordinate, type CapturedPosition } from "../logic/gps.ts";
import { geometryValue, MIN_VERTICES, roundPosition, verticesOf } from "../logic/geometry-draft.ts";
import { DEFAULT_WALK_SETTINGS } from "../logic/walk-recorder.ts";
import { plainGroupAria, type WidgetProps } from "./widget-props.ts";
import { GeometryMeasures } from "../../map/geometry-measures.tsx";
import { AccuracyBadge } from "./accuracy-badge.tsx";
import { useTeamLayersView } from "../../map/team-layers-context.tsx";
import { TeamLayersLegend } from "../../map/team-layers-legend.tsx";
import { SnapNotice } from "../../map/snap-notice.tsx";
import type { SnappedTap } from "../../map/geometry-map.tsx";

// MapLibre is ~1 MB: its chunk loads only when a form with a map question opens (and is precached for offline use).
const GeometryMap = lazy(() => import("../../map/geometry-map.tsx"));

/** Undo keeps this many steps: enough to back out of a run of taps, bounded for a walk of thousands of vertices. */
const UNDO_STEPS = 100;

type Mode = "tap" | "walk";

/**
 * A line (geotrace) or area (geoshape) answer: tap the map to add vertices, or walk and let accurate fixes add them;
 * drag a vertex to move it; delete any vertex from the list; undo. The list and the "add my position" button do all
 * of it without the map, for keyboards and screen readers. Offline the map is the packaged base map.
 */
export function GeometryWidget({ field, value, onChange, control }: WidgetProps<"line" | "area">) {
  const { t } = useTranslation("collect");
  const kind: GeometryFieldType = field.fieldType;
  const baseMap = useBaseMap();
  const vertices = useMemo(() => verticesOf(value), [value]);
  // Fixes can arrive faster than the form re-renders: each change builds on the latest vertices, not a stale render's.
  const current = useRef(vertices);
  useEffect(() => {
    current.current = vertices;
  }, [vertices]);
  const history = useRef<Position[][]>([]);
  const [mode, setMode] = useState<Mode>("tap");
  const [canUndo, setCanUndo] = useState(false);
  const layers = useTeamLayersView();
  const [snapped, setSnapped] = useState<SnappedTap | null>(null);

  const commit = useCallback(
    (next: Position[]) => {
      history.current = [...history.current.slice(-(UNDO_STEPS - 1)), current.current];
      current.current = next;
      setCanUndo(true);
      onChange(geometryValue(kind, next));
    },
    [kind, onChange],
  );
  const addVertex = useCallback(
    (at: [number, number]) => commit([...current.current, roundPosition(at[0], at[1])]),
    [commit],
  );
  const tapVertex = useCallback(
    (at: [number, number], snap: SnappedTap | null) => {
      setSnapped(snap);
      addVertex(at);
    },
    [addVertex],
  );
  const addFix = useCallback((fix: CapturedPosition) => addVertex([fix.longitude, fix.latitude]), [addVertex]);
  const moveVertex = useCallback(
    (index: number, to: [number, number]) =>
      commit(current.current.map((vertex, at) => (at === index ? roundPosition(to[0], to[1]) : vertex))),
    [commit],
  );
  const deleteVertex = (index: number) => commit(current.current.filter((_, at) => at !== index));
  const undo = () => {
    const previous = history.current.pop();
    if (!previous) return;
    current.current = previous;
    setCanUndo(history.current.length > 0);
    onChange(geometryValue(kind, previous));
  };

  const here = useGeolocation(addFix);
  const walk = useWalk(vertices[vertices.length - 1], DEFAULT_WALK_SETTINGS, addFix);
  const shape = useMemo(() => ({ kind, vertices }), [kind, vertices]);
  const missing = vertices.length > 0 && vertices.length < MIN_VERTICES[kind];

  const chooseMode = (next: Mode) => {
    if (next === "tap") walk.stop();
    setMode(next);
  };

  return (
    <div
      role="group"
      {...plainGroupAria(control)}
      className="flex flex-col gap-3"
      data-testid="geometry-widget"
      data-kind={kind}
    >
      <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label={t("geometry.modeLabel")}>
        <Button
          type="button"
          variant={mode === "tap" ? "secondary" : "outline"}
          role="radio"
          aria-checked={mode === "tap"}
          onClick={() => chooseMode("tap")}
        >
          <MousePointerClick aria-hidden /> {t("geometry.mode.tap")}
        </Button>
        <Button
          type="button"
          variant={mode === "walk" ? "secondary" : "outline"}
          role="radio"
          aria-checked={mode === "walk"}
          onClick={() => chooseMode("walk")}
        >
          <Footprints aria-hidden /> {t("geometry.mode.walk")}
        </Button>
      </div>
      {mode === "tap" ? (
        <p className="text-sm text-muted-foreground">{t("geometry.tapHint")}</p>
      ) : (
        <div className="space-y-2 rounded-md bg-muted p-3 text-sm">
          <p>
            {t("geometry.walk.settings", {
              distance: DEFAULT_WALK_SETTINGS.minDistanceMeters,
              accuracy: DEFAULT_WALK_SETTINGS.accuracyMeters,
            })}
          </p>
          <Button
            type="button"
            size="lg"
            className="w-full"
            variant={walk.watching ? "destructive" : "primary"}
            onClick={walk.watching ? walk.stop : walk.start}
          >
            {walk.watching ? <Square aria-hidden /> : <Footprints aria-hidden />}
            {walk.watching ? t("geometry.walk.stop") : t("geometry.walk.start")}
          </Button>
          {walk.watching && (
            <p
              aria-live="polite"
              data-testid="walk-status"
              className="flex flex-wrap items-center gap-2 text-muted-foreground"
            >
              {walk.fix ? (
                <>
                  {t(`geometry.walk.decision.${walk.decision ?? "added"}`, { accuracy: Math.round(walk.fix.accuracy) })}
                  <AccuracyBadge meters={walk.fix.accuracy} />
                </>
              ) : (
                t("geometry.walk.waiting")
              )}
            </p>
          )}
          {walk.error && (
            <p role="alert" className="text-destructive">
              {t(`gps.error.${walk.error}`)}
            </p>
          )}
        </div>
      )}
      {baseMap ? (
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <GeometryMap
            baseMap={baseMap}
            label={t(`geometry.mapLabel.${kind}`)}
            shape={shape}
            onTap={mode === "tap" ? tapVertex : undefined}
            onMoveVertex={moveVertex}
            position={walk.fix ?? null}
            layers={layers.shown}
            snap={layers.snapping}
          />
        </Suspense>
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
      <SnapNotice snapped={snapped} />
      <TeamLayersLegend view={layers} withSnapping />
      <GeometryMeasures value={value} />
      {missing && (
        <p className="text-sm text-muted-foreground">{t(`geometry.needMore.${kind}`, { count: MIN_VERTICES[kind] })}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={here.capture} disabled={here.state === "capturing"}>
          <LocateFixed aria-hidden /> {here.state === "capturing" ? t("gps.capturing") : t("geometry.addPosition")}
        </Button>
        <Button type="button" variant="outline" onClick={undo} disabled={!canUndo}>
          <Undo2 aria-hidden /> {t("geometry.undo")}
        </Button>
        <Button type="button" variant="outline" onClick={() => commit([])} disabled={vertices.length === 0}>
          <X aria-hidden /> {t("geometry.clear")}
        </Button>
      </div>
      {here.error && (
        <p role="alert" className="text-sm text-destructive">
          {t(`gps.error.${here.error}`)}
        </p>
      )}
      <section aria-labelledby={`${control.id}-vertices`} className="rounded-md border border-border">
        <h3
          id={`${control.id}-vertices`}
          className="px-3 py-2 text-sm font-medium"
          data-testid="vertex-count"
          data-count={vertices.length}
        >
          {t("geometry.vertices", { count: vertices.length })}
        </h3>
        {vertices.length > 0 && (
          <ol className="max-h-64 divide-y divide-border overflow-y-auto border-t border-border text-sm">
            {vertices.map((vertex, index) => (
              <li key={`${index}-${vertex[0]}-${vertex[1]}`} className="flex items-center gap-2 px-3 py-1">
                <span className="w-8 shrink-0 tabular-nums text-muted-foreground">{index + 1}</span>
                <span className="min-w-0 flex-1 font-mono tabular-nums break-all">
                  {formatCoordinate(vertex[1])}, {formatCoordinate(vertex[0])}
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-10 shrink-0"
                  onClick={() => deleteVertex(index)}
                  aria-label={t("geometry.deleteVertex", { number: index + 1 })}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
