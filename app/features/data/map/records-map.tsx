import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import * as maplibregl from "maplibre-gl";
import { Protocol } from "pmtiles";
import "maplibre-gl/dist/maplibre-gl.css";
// MapLibre looks for its worker beside its own module, which bundling moves: give it the emitted file instead.
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import type { FeatureCollection, Point } from "geojson";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import type { MapData, RecordView } from "../../../../shared/records/record-view.ts";
import type { RecordField } from "../../../../shared/records/answer-format.ts";
import { dataApi, dataKeys } from "../api/data-api.ts";
import { useAnswerText } from "../use-answer-text.ts";
import type { BaseMap } from "../../../../shared/map/base-map.ts";
import { baseStyle, CLUSTER_MAX_ZOOM } from "./map-style.ts";
import { loadOutlines } from "./outline-data.ts";
import { showPlaceLabels } from "./place-labels.ts";
import { countDrawnRecords } from "./drawn-records.ts";

interface RecordsMapProps {
  applicationId: string;
  data: MapData;
  fields: RecordField[];
  baseMap: BaseMap;
  onOpenRecord(record: RecordView): void;
}

maplibregl.setWorkerUrl(workerUrl);
// A self-hosted PMTiles archive is read by byte ranges through this protocol (MAP_PMTILES_URL).
maplibregl.addProtocol("pmtiles", new Protocol().tile);

type PointProperties = { id: string };

function toGeoJson(data: MapData): FeatureCollection<Point, PointProperties> {
  return {
    type: "FeatureCollection",
    features: data.points.map(([id, lon, lat]) => ({ type: "Feature", geometry: { type: "Point", coordinates: [lon, lat] }, properties: { id } })),
  };
}

/** One record in a popup: its date, submitter and first answers, fetched when opened. */
function RecordSummary({ applicationId, recordId, fields, onOpen }: { applicationId: string; recordId: string; fields: RecordField[]; onOpen(record: RecordView): void }) {
  const { t } = useTranslation("data");
  const format = useAnswerText();
  const query = useQuery({ queryKey: dataKeys.record(applicationId, recordId), queryFn: () => dataApi.record(applicationId, recordId) });
  if (query.isPending) return <p className="text-sm">{t("loading")}</p>;
  if (query.isError) return <p className="text-sm text-destructive">{t("map.recordError")}</p>;
  const record = query.data;
  const shown = fields.filter((field) => !field.removed && !["photo", "signature", "gps"].includes(field.fieldType)).slice(0, 3);
  return (
    <div className="space-y-1 text-sm text-foreground">
      <p className="font-medium">{format.dateTime(record.createdAt)}</p>
      <p className="text-muted-foreground">{record.submitter?.name || record.submitter?.email}</p>
      {shown.map((field) => (
        <p key={field.id} className="truncate">
          <span className="font-medium">{field.label}:</span> {format.answer(field, record.answers[field.id])}
        </p>
      ))}
      <Button size="sm" className="mt-1" onClick={() => onOpen(record)}>
        {t("map.openRecord")}
      </Button>
    </div>
  );
}

/**
 * MapLibre with a clustered GeoJSON source (WebGL keeps 100k points interactive). Cluster counts are HTML markers
 * (a text layer would need a glyph server). A click on a point, or on a cluster that cannot split further
 * (points sharing coordinates), opens a popup listing its records one by one.
 */
export default function RecordsMap({ applicationId, data, fields, baseMap, onOpenRecord }: RecordsMapProps) {
  const { t } = useTranslation("data");
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const [popupNode] = useState(() => document.createElement("div"));
  const [selection, setSelection] = useState<string[] | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    const dark = document.documentElement.classList.contains("dark");
    const host = container.current;
    const map = new maplibregl.Map({ container: host, style: baseStyle(baseMap, dark, window.location.origin), center: [-47.9, -15.8], zoom: 3, maxZoom: 19, attributionControl: { compact: true } });
    mapRef.current = map;
    host.dataset.baseMap = baseMap.kind;
    let removeLabels = () => {};
    let closed = false;
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }));
    // Tiles that fail to load leave the background: the points still show.
    map.on("error", () => undefined);
    const popup = new maplibregl.Popup({ closeButton: true, maxWidth: "320px" }).setDOMContent(popupNode);
    popup.on("close", () => setSelection(null));
    const markers = new Map<number, maplibregl.Marker>();

    const showPopup = (ids: string[], at: maplibregl.LngLatLike) => {
      setSelection(ids);
      setOpenId(ids.length === 1 ? (ids[0] ?? null) : null);
      popup.setLngLat(at).addTo(map);
    };

    const refreshCountMarkers = () => {
      if (!map.getSource("records")) return;
      const seen = new Set<number>();
      for (const feature of map.querySourceFeatures("records", { filter: ["has", "point_count"] })) {
        const id = Number(feature.properties.cluster_id);
        if (seen.has(id)) continue;
        seen.add(id);
        if (!markers.has(id)) {
          const element = document.createElement("div");
          element.className = "pointer-events-none text-xs font-semibold text-white";
          element.dataset.clusterCount = String(feature.properties.point_count);
          element.textContent = String(feature.properties.point_count_abbreviated ?? feature.properties.point_count);
          markers.set(id, new maplibregl.Marker({ element }).setLngLat((feature.geometry as Point).coordinates as [number, number]).addTo(map));
        }
      }
      for (const [id, marker] of markers) {
        if (!seen.has(id)) {
          marker.remove();
          markers.delete(id);
        }
      }
    };

    // What the settled map shows, for tests and diagnostics: base map features and records drawn in view. Read once the
    // map is idle (tiles loaded, no transition) rather than on every frame: querying every country costs a frame.
    const measure = () => {
      if (map.getLayer("land")) host.dataset.baseMapDrawn = String(map.queryRenderedFeatures({ layers: ["land"] }).length);
      if (map.getLayer("states")) host.dataset.statesDrawn = String(map.queryRenderedFeatures({ layers: ["states"] }).length);
      if (!map.getSource("records")) return;
      host.dataset.rendered = String(countDrawnRecords(map.queryRenderedFeatures({ layers: ["clusters", "points"] })));
    };

    map.on("load", () => {
      map.addSource("records", { type: "geojson", data: { type: "FeatureCollection", features: [] }, cluster: true, clusterRadius: 50, clusterMaxZoom: CLUSTER_MAX_ZOOM });
      map.addLayer({
        id: "clusters",
        type: "circle",
        source: "records",
        filter: ["has", "point_count"],
        paint: { "circle-color": "#0f766e", "circle-opacity": 0.85, "circle-radius": ["step", ["get", "point_count"], 14, 10, 18, 100, 24, 1000, 30] },
      });
      map.addLayer({
        id: "points",
        type: "circle",
        source: "records",
        filter: ["!", ["has", "point_count"]],
        paint: { "circle-color": "#f97316", "circle-radius": 7, "circle-stroke-width": 2, "circle-stroke-color": "#ffffff" },
      });
      const openCluster = async (event: maplibregl.MapLayerMouseEvent) => {
        const feature = event.features?.[0];
        if (!feature) return;
        const source = map.getSource<maplibregl.GeoJSONSource>("records")!;
        const clusterId = Number(feature.properties.cluster_id);
        const zoom = await source.getClusterExpansionZoom(clusterId);
        const center = (feature.geometry as Point).coordinates as [number, number];
        if (zoom > CLUSTER_MAX_ZOOM || map.getZoom() >= CLUSTER_MAX_ZOOM) {
          const leaves = await source.getClusterLeaves(clusterId, 100, 0);
          showPopup(leaves.map((leaf) => String(leaf.properties?.id)), center);
        } else {
          map.easeTo({ center, zoom });
        }
      };
      map.on("click", "clusters", (event) => void openCluster(event));
      map.on("click", "points", (event) => {
        const ids = [...new Set((event.features ?? []).map((feature) => String(feature.properties.id)))];
        if (ids.length) showPopup(ids, event.lngLat);
      });
      for (const layer of ["clusters", "points"]) {
        map.on("mouseenter", layer, () => (map.getCanvas().style.cursor = "pointer"));
        map.on("mouseleave", layer, () => (map.getCanvas().style.cursor = ""));
      }
      map.on("render", refreshCountMarkers);
      map.on("idle", measure);
      if (baseMap.kind !== "raster") {
        // Outlines and place names load after the map: the records never wait for them, and without them (a failed
        // fetch) the map is the plain sea-coloured background with the points.
        loadOutlines()
          .then((outlines) => {
            if (closed) return;
            if (baseMap.kind === "outline") {
              void map.getSource<maplibregl.GeoJSONSource>("countries")?.setData(outlines.land);
              void map.getSource<maplibregl.GeoJSONSource>("states")?.setData(outlines.states);
              void map.getSource<maplibregl.GeoJSONSource>("coast")?.setData(outlines.coast);
              void map.getSource<maplibregl.GeoJSONSource>("borders")?.setData(outlines.borders);
            }
            removeLabels = showPlaceLabels(map, outlines.labels);
          })
          .catch(() => undefined);
      }
      setReady(true);
    });
    return () => {
      closed = true;
      removeLabels();
      setReady(false);
      for (const marker of markers.values()) marker.remove();
      popup.remove();
      map.remove();
      mapRef.current = null;
    };
  }, [baseMap, popupNode]);

  useEffect(() => {
    const map = mapRef.current;
    const source = map?.getSource<maplibregl.GeoJSONSource>("records");
    if (!map || !ready || !source) return;
    void source.setData(toGeoJson(data));
    if (data.points.length > 0) {
      const bounds = new maplibregl.LngLatBounds();
      for (const [, lon, lat] of data.points) bounds.extend([lon, lat]);
      map.fitBounds(bounds, { padding: 48, maxZoom: 15, duration: 0 });
    }
  }, [data, ready]);

  return (
    <div className="relative">
      <div ref={container} className="h-[60vh] w-full overflow-hidden rounded-lg border border-border" data-testid="records-map" data-points={data.points.length} />
      {selection &&
        createPortal(
          openId ? (
            <RecordSummary applicationId={applicationId} recordId={openId} fields={fields} onOpen={onOpenRecord} />
          ) : (
            <div className="space-y-1 text-sm text-foreground">
              <p className="font-medium">{t("map.samePlace", { count: selection.length })}</p>
              <ul className="max-h-48 space-y-1 overflow-y-auto">
                {selection.map((id, index) => (
                  <li key={id}>
                    <button type="button" className="text-primary underline-offset-2 hover:underline" onClick={() => setOpenId(id)}>
                      {t("map.recordNumber", { number: index + 1 })}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ),
          popupNode,
        )}
    </div>
  );
}
