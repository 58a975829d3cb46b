import { useEffect, useRef } from "react";
import type { Feature, FeatureCollection, Polygon } from "geojson";
import type { BaseMap } from "../../../../shared/map/base-map.ts";
import type { Bbox } from "../../../../shared/map/offline-area.ts";
import type { SavedArea } from "../../../offline/map-tiles/area-store.ts";
import { tilesServedFromStore } from "../../../offline/map-tiles/offline-protocol.ts";
import { maplibregl } from "../../../components/map/maplibre.ts";
import { baseStyle } from "../../../components/map/map-style.ts";

export interface MapView {
  bbox: Bbox;
  zoom: number;
}

interface AreaPickerMapProps {
  baseMap: BaseMap;
  areas: readonly SavedArea[];
  /** While true a drag draws a rectangle instead of moving the map. */
  drawing: boolean;
  drawn: Bbox | null;
  onDrawn(bbox: Bbox): void;
  onView(view: MapView): void;
}

const rectangle = (bbox: Bbox): Feature<Polygon> => ({
  type: "Feature",
  properties: {},
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [bbox.west, bbox.south],
        [bbox.east, bbox.south],
        [bbox.east, bbox.north],
        [bbox.west, bbox.north],
        [bbox.west, bbox.south],
      ],
    ],
  },
});
const collection = (bboxes: readonly Bbox[]): FeatureCollection<Polygon> => ({
  type: "FeatureCollection",
  features: bboxes.map(rectangle),
});
const boxOf = (a: maplibregl.LngLat, b: maplibregl.LngLat): Bbox => ({
  west: Math.min(a.lng, b.lng),
  south: Math.min(a.lat, b.lat),
  east: Math.max(a.lng, b.lng),
  north: Math.max(a.lat, b.lat),
});

/**
 * The base map to pick an area on: the current view, or a rectangle dragged with a finger or the mouse. Saved areas
 * show as shaded boxes, so a collector sees what the phone already holds. Reads its tiles like every map of the app,
 * saved areas first, and reports how many came from the device (data-offline-tiles) once idle.
 */
export default function AreaPickerMap({ baseMap, areas, drawing, drawn, onDrawn, onView }: AreaPickerMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const callbacks = useRef({ onDrawn, onView });
  useEffect(() => {
    callbacks.current = { onDrawn, onView };
  }, [onDrawn, onView]);
  const drawingRef = useRef(drawing);
  const initialAreas = useRef(areas);

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const dark = document.documentElement.classList.contains("dark");
    const last = initialAreas.current.at(-1);
    const map = new maplibregl.Map({
      container: host,
      style: baseStyle(baseMap, dark, window.location.origin),
      ...(last
        ? { bounds: [last.bbox.west, last.bbox.south, last.bbox.east, last.bbox.north] }
        : { center: [-47.9, -15.8], zoom: 3 }),
      maxZoom: 19,
      attributionControl: { compact: true },
    });
    mapRef.current = map;
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }));
    map.on("error", () => undefined);
    const report = () => {
      const bounds = map.getBounds();
      callbacks.current.onView({
        bbox: { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() },
        zoom: map.getZoom(),
      });
    };
    map.on("moveend", report);
    map.on("idle", () => {
      host.dataset.offlineTiles = String(tilesServedFromStore());
      if (map.getSource("protomaps"))
        host.dataset.baseMapLayers = [
          ...new Set(
            map
              .queryRenderedFeatures()
              .flatMap((feature) =>
                feature.source === "protomaps" && feature.sourceLayer ? [feature.sourceLayer] : [],
              ),
          ),
        ]
          .sort()
          .join(",");
    });

    let start: maplibregl.LngLat | null = null;
    const drag = (event: maplibregl.MapMouseEvent | maplibregl.MapTouchEvent) => {
      if (!start) return;
      void map.getSource<maplibregl.GeoJSONSource>("drawn")?.setData(collection([boxOf(start, event.lngLat)]));
    };
    const down = (event: maplibregl.MapMouseEvent | maplibregl.MapTouchEvent) => {
      if (!drawingRef.current) return;
      event.preventDefault();
      start = event.lngLat;
    };
    const up = (event: maplibregl.MapMouseEvent | maplibregl.MapTouchEvent) => {
      if (!start) return;
      const box = boxOf(start, event.lngLat);
      start = null;
      if (box.east > box.west && box.north > box.south) callbacks.current.onDrawn(box);
    };
    map.on("load", () => {
      map.addSource("saved", { type: "geojson", data: collection(initialAreas.current.map((area) => area.bbox)) });
      map.addSource("drawn", { type: "geojson", data: collection([]) });
      map.addLayer({
        id: "saved-fill",
        type: "fill",
        source: "saved",
        paint: { "fill-color": "#16a34a", "fill-opacity": 0.12 },
      });
      map.addLayer({
        id: "saved-line",
        type: "line",
        source: "saved",
        paint: { "line-color": "#16a34a", "line-width": 1.5 },
      });
      map.addLayer({
        id: "drawn-line",
        type: "line",
        source: "drawn",
        paint: { "line-color": "#2563eb", "line-width": 2, "line-dasharray": [2, 1] },
      });
      map.on("mousedown", down);
      map.on("touchstart", down);
      map.on("mousemove", drag);
      map.on("touchmove", drag);
      map.on("mouseup", up);
      map.on("touchend", up);
      report();
    });
    return () => {
      map.remove();
      mapRef.current = null;
    };
  }, [baseMap]);

  useEffect(() => {
    drawingRef.current = drawing;
    const map = mapRef.current;
    if (!map) return;
    if (drawing) map.dragPan.disable();
    else map.dragPan.enable();
  }, [drawing]);

  useEffect(() => {
    void mapRef.current?.getSource<maplibregl.GeoJSONSource>("drawn")?.setData(collection(drawn ? [drawn] : []));
  }, [drawn]);

  useEffect(() => {
    void mapRef.current
      ?.getSource<maplibregl.GeoJSONSource>("saved")
      ?.setData(collection(areas.map((area) => area.bbox)));
  }, [areas]);

  return (
    <div
      ref={container}
      className="h-[50vh] min-h-72 w-full overflow-hidden rounded-lg border border-border"
      data-testid="offline-area-map"
      data-base-map={baseMap.kind}
    />
  );
}
