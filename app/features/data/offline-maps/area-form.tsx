import { lazy, Suspense, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Download, Square, SquareDashed } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Input, controlClasses } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatStorage } from "../../../lib/format-storage.ts";
import type { BaseMap } from "../../../../shared/map/base-map.ts";
import {
  countTiles,
  estimateBytes,
  OFFLINE_MAX_TILES,
  tileRanges,
  type Bbox,
} from "../../../../shared/map/offline-area.ts";
import type { SavedArea, TileOrigin } from "../../../offline/map-tiles/area-store.ts";
import type { MapView } from "./area-picker-map.tsx";

// MapLibre is ~1 MB: its chunk loads with this screen's map only.
const AreaPickerMap = lazy(() => import("./area-picker-map.tsx"));

export interface AreaChoice {
  name: string;
  bbox: Bbox;
  minZoom: number;
  maxZoom: number;
}

interface AreaFormProps {
  baseMap: BaseMap;
  origin: TileOrigin;
  areas: readonly SavedArea[];
  /** The deepest zoom the tile source has (a PMTiles archive's header says it); deeper tiles do not exist. */
  maxZoom: number;
  busy: boolean;
  /** What to do with the chosen area: download it on this phone, or (an admin) also offer it to the team. */
  children(choice: AreaChoice | null): ReactNode;
}

const zoomOptions = (max: number) => Array.from({ length: max + 1 }, (_, zoom) => zoom);

/**
 * Choosing an area: the map's current view or a dragged rectangle, a zoom range (defaulting to the view's zoom and four
 * more, street level), and the estimate of tiles and bytes before anything is fetched.
 */
export function AreaForm({ baseMap, origin, areas, maxZoom, busy, children }: AreaFormProps) {
  const { t, i18n } = useTranslation("offline-maps");
  const [view, setView] = useState<MapView | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [drawn, setDrawn] = useState<Bbox | null>(null);
  const [name, setName] = useState("");
  const [range, setRange] = useState<{ min: number; max: number } | null>(null);
  const viewZoom = Math.min(maxZoom, Math.floor(view?.zoom ?? 0));
  const minZoom = range?.min ?? viewZoom;
  const chosenMax = range?.max ?? Math.min(maxZoom, viewZoom + 4);
  const bbox = drawn ?? view?.bbox ?? null;
  const tiles = bbox && chosenMax >= minZoom ? countTiles(tileRanges(bbox, minZoom, chosenMax)) : 0;
  const tooMany = tiles > OFFLINE_MAX_TILES;
  const choice =
    bbox && tiles > 0 && !tooMany && !busy
      ? {
          name: name.trim() || t("form.defaultName", { date: new Date().toLocaleDateString(i18n.language) }),
          bbox,
          minZoom,
          maxZoom: chosenMax,
        }
      : null;

  return (
    <div className="flex flex-col gap-4">
      <Suspense fallback={<Skeleton className="h-[50vh] min-h-72 w-full" />}>
        <AreaPickerMap
          baseMap={baseMap}
          areas={areas}
          drawing={drawing}
          drawn={drawn}
          onDrawn={(box) => {
            setDrawn(box);
            setDrawing(false);
          }}
          onView={setView}
        />
      </Suspense>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t("form.areaMode")}>
        <Button
          type="button"
          variant={drawn || drawing ? "outline" : "secondary"}
          onClick={() => (setDrawn(null), setDrawing(false))}
          aria-pressed={!drawn && !drawing}
        >
          <Square aria-hidden />
          {t("form.currentView")}
        </Button>
        <Button
          type="button"
          variant={drawn || drawing ? "secondary" : "outline"}
          onClick={() => setDrawing(true)}
          aria-pressed={drawing || drawn !== null}
        >
          <SquareDashed aria-hidden />
          {drawing ? t("form.drawHint") : t("form.drawRectangle")}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="offline-area-name">{t("form.name")}</Label>
          <Input
            id="offline-area-name"
            value={name}
            maxLength={120}
            onChange={(event) => setName(event.target.value)}
            placeholder={t("form.namePlaceholder")}
          />
        </div>
        {(["min", "max"] as const).map((end) => (
          <div key={end} className="flex flex-col gap-1.5">
            <Label htmlFor={`offline-area-zoom-${end}`}>{t(`form.zoom.${end}`)}</Label>
            <select
              id={`offline-area-zoom-${end}`}
              className={cn(controlClasses, "h-10")}
              value={end === "min" ? minZoom : chosenMax}
              onChange={(event) => setRange({ min: minZoom, max: chosenMax, [end]: Number(event.target.value) })}
            >
              {zoomOptions(maxZoom).map((zoom) => (
                <option key={zoom} value={zoom}>
                  {t("form.zoom.level", { zoom })}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <p
        className={cn("text-sm", tooMany ? "text-destructive" : "text-muted-foreground")}
        data-testid="offline-area-estimate"
        data-tiles={tiles}
      >
        {tooMany
          ? t("form.tooMany", { count: tiles, max: OFFLINE_MAX_TILES })
          : t("form.estimate", { count: tiles, size: formatStorage(estimateBytes(tiles, origin.kind), i18n.language) })}
      </p>
      {children(choice)}
    </div>
  );
}

export function DownloadButton({
  choice,
  onDownload,
}: {
  choice: AreaChoice | null;
  onDownload(choice: AreaChoice): void;
}) {
  const { t } = useTranslation("offline-maps");
  return (
    <Button type="button" size="lg" disabled={!choice} onClick={() => choice && onDownload(choice)}>
      <Download aria-hidden />
      {t("form.download")}
    </Button>
  );
}
