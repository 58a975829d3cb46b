import { useEffect, useRef, useState } from "react";
import type { Feature, FeatureCollection, Position } from "geojson";
import type { BaseMap } from "../../../shared/map/base-map.ts";
import { maplibregl } from "./maplibre.ts";
import { openBaseMap } from "./base-map.ts";
import { accuracyRadiusExpression, shapeFeatures, type MapShape } from "./geometry-layers.ts";
import { showTeamLayers, teamLayerFeatures, teamLayersBounds } from "./team-layer-overlay.ts";
import { snapPosition, type SnapResult } from "../../../shared/geo/snap.ts";
import type { TeamLayerContent } from "../../../shared/map/team-layer.ts";
import type { CollectMapRecord } from "../../../shared/map/collect-map-records.ts";

/** The device's fix: a dot with its accuracy as a circle on the ground. */
export interface MapPosition {
  longitude: number;
  latitude: number;
  accuracy: number;
}

export interface GeometryMapProps {
  baseMap: BaseMap;
  /** Read by screen readers as the map's name; the controls beside the map are the accessible way to edit. */
  label: string;
  shape?: MapShape | null;
  /**
   * Editing: a tap on the map adds a vertex (or picks a point) and a vertex can be dragged; [longitude, latitude].
   * With `snap`, a tap near a layer's vertex or edge gives that place instead, and says which layer.
   */
  onTap?(at: [number, number], snapped: SnappedTap | null): void;
  onMoveVertex?(index: number, to: [number, number]): void;
  position?: MapPosition | null;
  /** The point "navigate to" leads to, joined to the position by a dashed line. */
  target?: Position | null;
  className?: string;
  /** The team's layers drawn under the rest (those the legend shows); the map frames them when it has nothing else. */
  layers?: readonly TeamLayerContent[];
  /** Taps snap to the drawn layers' vertices and edges. */
  snap?: boolean;
  /** Previous records, drawn in grey: their locations as dots, their lines and areas as outlines. */
  records?: readonly Pick<CollectMapRecord, "location" | "shapes">[];
}

export interface SnappedTap extends SnapResult {
  layerName: string;
}

const NO_LAYERS: readonly TeamLayerContent[] = [];
const RECORD_COLOR = "#475569";

function recordFeatures(records: NonNullable<GeometryMapProps["records"]>): Feature[] {
  return records.flatMap((record) => [
    ...(record.location
      ? [
          {
            type: "Feature" as const,
            geometry: { type: "Point" as const, coordinates: record.location },
            properties: {},
          },
        ]
      : []),
    ...record.shapes.map((geometry) => ({ type: "Feature" as const, geometry, properties: {} })),
  ]);
}

/** The layer place a tap at a screen point snaps to, or null. */
function snapTap(map: maplibregl.Map, point: maplibregl.Point, layers: readonly TeamLayerContent[]): SnappedTap | null {
  const owners = layers.flatMap((layer) => layer.features.features.map(() => layer.name));
  const snapped = snapPosition(
    [point.x, point.y],
    layers.flatMap((layer) => layer.features.features),
    (position) => {
      const projected = map.project(position);
      return [projected.x, projected.y];
    },
  );
  return snapped ? { ...snapped, layerName: owners[snapped.featureIndex] ?? "" } : null;
}

/** Past this many vertices they are drawn as circles without drag handles: hundreds of DOM markers slow a phone. */
const DRAGGABLE_VERTICES_MAX = 200;
const SHAPE_COLOR = "#f97316";
const POSITION_COLOR = "#2563eb";

const collection = (features: Feature[]): FeatureCollection => ({ type: "FeatureCollection", features });

function vertexElement(index: number): HTMLElement {
  const element = document.createElement("div");
  element.className = "size-5 cursor-grab rounded-full border-2 border-white shadow";
  element.style.backgroundColor = SHAPE_COLOR;
  element.dataset.vertex = String(index);
  element.setAttribute("aria-hidden", "true");
  return element;
}

/**
 * A small MapLibre map on the configured base for one geometry: the line or area being drawn (tap to add, drag to move),
 * or a record's answer read-only; with the device's position and accuracy, and a target to walk to. The map itself is
 * for sight and touch; every action it offers has a button or list beside it for keyboards and screen readers.
 */
export default function GeometryMap({
  baseMap,
  label,
  shape = null,
  onTap,
  onMoveVertex,
  position = null,
  target = null,
  className,
  layers = NO_LAYERS,
  snap = false,
  records,
}: GeometryMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const callbacks = useRef({ onTap, onMoveVertex, layers, snap });
  const [ready, setReady] = useState(false);
  const framed = useRef(false);
  useEffect(() => {
    callbacks.current = { onTap, onMoveVertex, layers, snap };
  });

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const opened = openBaseMap(host, baseMap, { center: [-47.9, -15.8], zoom: 3, maxZoom: 20 }, (map) => {
      map.addSource("accuracy", { type: "geojson", data: collection([]) });
      map.addSource("shape", { type: "geojson", data: collection([]) });
      map.addSource("guide", { type: "geojson", data: collection([]) });
      map.addSource("snapped", { type: "geojson", data: collection([]) });
      map.addSource("records", { type: "geojson", data: collection([]) });
      map.addLayer({
        id: "records-outline",
        type: "line",
        source: "records",
        filter: ["!=", ["geometry-type"], "Point"],
        paint: { "line-color": RECORD_COLOR, "line-width": 2, "line-dasharray": [3, 1] },
      });
      map.addLayer({
        id: "records-points",
        type: "circle",
        source: "records",
        filter: ["==", ["geometry-type"], "Point"],
        paint: {
          "circle-color": RECORD_COLOR,
          "circle-radius": 5,
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 1,
        },
      });
      map.addLayer({
        id: "accuracy-ring",
        type: "circle",
        source: "accuracy",
        paint: {
          "circle-color": POSITION_COLOR,
          "circle-opacity": 0.12,
          "circle-stroke-color": POSITION_COLOR,
          "circle-stroke-width": 1,
          "circle-radius": 0,
          "circle-pitch-alignment": "map",
        },
      });
      map.addLayer({
        id: "shape-fill",
        type: "fill",
        source: "shape",
        filter: ["==", ["geometry-type"], "Polygon"],
        paint: { "fill-color": SHAPE_COLOR, "fill-opacity": 0.25 },
      });
      map.addLayer({
        id: "shape-line",
        type: "line",
        source: "shape",
        filter: ["!=", ["geometry-type"], "Point"],
        paint: { "line-color": SHAPE_COLOR, "line-width": 3 },
      });
      map.addLayer({
        id: "shape-vertices",
        type: "circle",
        source: "shape",
        filter: ["==", ["geometry-type"], "Point"],
        paint: {
          "circle-color": SHAPE_COLOR,
          "circle-radius": 4,
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 1,
        },
      });
      map.addLayer({
        id: "guide-line",
        type: "line",
        source: "guide",
        filter: ["==", ["geometry-type"], "LineString"],
        paint: { "line-color": "#dc2626", "line-width": 2, "line-dasharray": [2, 2] },
      });
      map.addLayer({
        id: "guide-points",
        type: "circle",
        source: "guide",
        filter: ["==", ["geometry-type"], "Point"],
        paint: {
          "circle-color": ["match", ["get", "role"], "target", "#dc2626", POSITION_COLOR],
          "circle-radius": 7,
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 2,
        },
      });
      // Where the last tap snapped: a ring the collector sees before looking at the coordinates.
      map.addLayer({
        id: "snapped-ring",
        type: "circle",
        source: "snapped",
        paint: {
          "circle-color": "rgba(0,0,0,0)",
          "circle-radius": 11,
          "circle-stroke-color": "#16a34a",
          "circle-stroke-width": 3,
        },
      });
      map.on("click", (event) => {
        // A tap on a vertex handle (a DOM marker over the canvas) is the start of a drag, not a new vertex.
        if (event.originalEvent.target !== map.getCanvas()) return;
        const current = callbacks.current;
        if (!current.onTap) return;
        const snapped = current.snap ? snapTap(map, event.point, current.layers) : null;
        void map
          .getSource<maplibregl.GeoJSONSource>("snapped")
          ?.setData(
            collection(
              snapped
                ? [{ type: "Feature", geometry: { type: "Point", coordinates: snapped.position }, properties: {} }]
                : [],
            ),
          );
        current.onTap(snapped ? snapped.position : [event.lngLat.lng, event.lngLat.lat], snapped);
      });
      setReady(true);
    });
    mapRef.current = opened.map;
    return () => {
      setReady(false);
      framed.current = false;
      opened.close();
      mapRef.current = null;
    };
  }, [baseMap]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    showTeamLayers(map, teamLayerFeatures(layers), "records-outline");
  }, [layers, ready]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready || !records) return;
    void map.getSource<maplibregl.GeoJSONSource>("records")?.setData(collection(recordFeatures(records)));
  }, [records, ready]);

  const editable = onMoveVertex !== undefined;
  const vertices = shape?.vertices;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready || !shape) return;
    const handles = editable && shape.vertices.length <= DRAGGABLE_VERTICES_MAX;
    void map.getSource<maplibregl.GeoJSONSource>("shape")?.setData(collection(shapeFeatures(shape, !handles)));
    if (!handles) return;
    const markers = shape.vertices.map((vertex, index) => {
      const marker = new maplibregl.Marker({ element: vertexElement(index), draggable: true })
        .setLngLat(vertex as [number, number])
        .addTo(map);
      marker.on("dragend", () => {
        const at = marker.getLngLat();
        callbacks.current.onMoveVertex?.(index, [at.lng, at.lat]);
      });
      return marker;
    });
    return () => {
      for (const marker of markers) marker.remove();
    };
  }, [shape, editable, ready]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    void map.getSource<maplibregl.GeoJSONSource>("accuracy")?.setData(
      collection(
        position
          ? [
              {
                type: "Feature",
                geometry: { type: "Point", coordinates: [position.longitude, position.latitude] },
                properties: {},
              },
            ]
          : [],
      ),
    );
    if (position)
      map.setPaintProperty(
        "accuracy-ring",
        "circle-radius",
        accuracyRadiusExpression(position.accuracy, position.latitude),
      );
    const here: Position | null = position ? [position.longitude, position.latitude] : null;
    const guide: Feature[] = [];
    if (here)
      guide.push({ type: "Feature", geometry: { type: "Point", coordinates: here }, properties: { role: "position" } });
    if (target)
      guide.push({ type: "Feature", geometry: { type: "Point", coordinates: target }, properties: { role: "target" } });
    if (here && target)
      guide.push({ type: "Feature", geometry: { type: "LineString", coordinates: [here, target] }, properties: {} });
    void map.getSource<maplibregl.GeoJSONSource>("guide")?.setData(collection(guide));
  }, [position, target, ready]);

  // Frame once: the geometry when there is one, otherwise the first fix, otherwise the team's layers. Later edits and
  // fixes leave the view alone.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready || framed.current) return;
    const points = vertices?.length ? vertices : position ? [[position.longitude, position.latitude]] : [];
    const layerBox = teamLayersBounds(layers);
    if (!points.length && !layerBox) return;
    framed.current = true;
    const bounds = new maplibregl.LngLatBounds();
    for (const point of points) bounds.extend(point as [number, number]);
    if (!points.length && layerBox) bounds.extend(layerBox);
    map.fitBounds(bounds, { padding: 40, maxZoom: 17, duration: 0 });
  }, [vertices, position, layers, ready]);

  return (
    <div
      ref={container}
      role="group"
      aria-label={label}
      className={className ?? "h-64 w-full overflow-hidden rounded-md border border-border"}
      data-testid="geometry-map"
      data-ready={ready}
      data-vertices={vertices?.length ?? 0}
      data-team-layers={layers.length}
      data-records={records?.length ?? 0}
    />
  );
}
