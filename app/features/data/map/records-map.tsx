import { useEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { FeatureCollection, Point } from "geojson";
import { viewBbox, type Bbox, type MapCluster, type MapViewData } from "../../../../shared/map/map-view.ts";
import type { BaseMap } from "../../../../shared/map/base-map.ts";
import { maplibregl } from "../../../components/map/maplibre.ts";
import { openBaseMap } from "../../../components/map/base-map.ts";
import { CLUSTER_MAX_ZOOM } from "../../../components/map/map-style.ts";
import { countDrawnRecords } from "./drawn-records.ts";
import { showTeamLayers } from "../../../components/map/team-layer-overlay.ts";
import {
  removeShapeLayers,
  shapeGroupIndex,
  shapeLayersOf,
  shapeVertices,
  syncShapeLayers,
  type RecordShape,
} from "./shape-layers.ts";
import {
  clusterCirclePaint,
  removeViewClusterLayers,
  syncViewClusterLayers,
  viewClusterGroupIndex,
  viewClusterLayerOf,
  viewClusterSourceOf,
  zoomIntoViewCluster,
} from "./view-cluster-layers.ts";

/** One clustered source: an application's located records in its colour. */
export interface MapGroup {
  id: string;
  color: string;
  points: MapViewData["points"];
  /** The group's records' line and area answers. */
  shapes?: readonly RecordShape[];
  /** Clusters the server computed for the view (the data map per view), drawn beside `points`. */
  clusters?: readonly MapCluster[];
}

/** What the map shows: its bounds (as a request's bbox) and zoom. */
export interface MapViewport {
  bbox: Bbox;
  zoom: number;
}

interface RecordsMapProps {
  groups: MapGroup[];
  /** Groups the legend switched off. */
  hidden?: ReadonlySet<string>;
  baseMap: BaseMap;
  /** The popup's content for the records under a click (one, or several sharing a place). */
  renderSelection(groupId: string, ids: string[]): ReactNode;
  /** The team layers the legend shows, drawn under the records. */
  overlay?: FeatureCollection;
  /**
   * Per view (the data map): the bounds to frame, fitted whenever they change, instead of fitting every data change;
   * null frames nothing.
   */
  frame?: Bbox | null;
  /** Per view: told where the map stands once it has loaded and after every move or zoom. */
  onViewportChange?(viewport: MapViewport): void;
}

type PointProperties = { id: string };

function toGeoJson(points: MapViewData["points"]): FeatureCollection<Point, PointProperties> {
  return {
    type: "FeatureCollection",
    features: points.map(([id, lon, lat]) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [lon, lat] },
      properties: { id },
    })),
  };
}

const NO_GROUPS_HIDDEN: ReadonlySet<string> = new Set();
const sourceOf = (index: number) => `records-${index}`;
const clusterLayerOf = (index: number) => `clusters-${index}`;
const pointLayerOf = (index: number) => `points-${index}`;

/**
 * MapLibre with one clustered GeoJSON source per group (WebGL keeps 100k points interactive): the data page draws one
 * application, the overview map one group per application in its colour. Cluster counts are HTML markers (a text
 * layer would need a glyph server). A click on a point, or on a cluster that cannot split further (points sharing
 * coordinates), opens a popup with the records under it.
 */
export default function RecordsMap({
  groups,
  hidden = NO_GROUPS_HIDDEN,
  baseMap,
  renderSelection,
  overlay,
  frame,
  onViewportChange,
}: RecordsMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const hiddenRef = useRef<ReadonlySet<string>>(hidden);
  const groupIdsRef = useRef<string[]>([]);
  const onViewportRef = useRef(onViewportChange);
  const [popupNode] = useState(() => document.createElement("div"));
  const [selection, setSelection] = useState<{ groupId: string; ids: string[]; key: number } | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    onViewportRef.current = onViewportChange;
  }, [onViewportChange]);

  useEffect(() => {
    if (!container.current) return;
    const host = container.current;
    const opened = openBaseMap(host, baseMap, { center: [-47.9, -15.8], zoom: 3, maxZoom: 19 }, (map) => {
      map.on("click", (event) => void onClick(event));
      map.on("mousemove", (event) => {
        const layers = shownLayers();
        map.getCanvas().style.cursor =
          layers.length && map.queryRenderedFeatures(event.point, { layers }).length ? "pointer" : "";
      });
      map.on("render", refreshCountMarkers);
      map.on("idle", measure);
      const reportViewport = () => {
        const bounds = map.getBounds();
        onViewportRef.current?.({
          bbox: viewBbox(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()),
          zoom: map.getZoom(),
        });
      };
      map.on("moveend", reportViewport);
      reportViewport();
      setReady(true);
    });
    const map = opened.map;
    mapRef.current = map;
    let popups = 0;
    const popup = new maplibregl.Popup({ closeButton: true, maxWidth: "320px" }).setDOMContent(popupNode);
    popup.on("close", () => setSelection(null));
    const markers = new Map<string, maplibregl.Marker>();
    const shownIndexes = () =>
      groupIdsRef.current.flatMap((id, index) =>
        hiddenRef.current.has(id) || !map.getSource(sourceOf(index)) ? [] : [index],
      );
    // Only layers that exist: MapLibre answers no feature at all when asked about a missing one (the overview map has
    // no server clusters).
    const shownLayers = () =>
      shownIndexes()
        .flatMap((index) => [
          viewClusterLayerOf(index),
          clusterLayerOf(index),
          pointLayerOf(index),
          ...shapeLayersOf(index),
        ])
        .filter((layer) => map.getLayer(layer));

    const showPopup = (index: number, ids: string[], at: maplibregl.LngLatLike) => {
      const groupId = groupIdsRef.current[index];
      if (groupId === undefined) return;
      setSelection({ groupId, ids, key: ++popups });
      popup.setLngLat(at).addTo(map);
    };

    const refreshCountMarkers = () => {
      const seen = new Set<string>();
      const sources = (index: number) =>
        [sourceOf(index), viewClusterSourceOf(index)].filter((id) => map.getSource(id));
      for (const index of shownIndexes()) {
        for (const source of sources(index))
          for (const feature of map.querySourceFeatures(source, { filter: ["has", "point_count"] })) {
            const key = `${source}:${String(feature.properties.cluster_id)}`;
            if (seen.has(key)) continue;
            seen.add(key);
            if (!markers.has(key)) {
              const element = document.createElement("div");
              element.className = "pointer-events-none text-xs font-semibold text-white";
              element.dataset.clusterCount = String(feature.properties.point_count);
              element.textContent = String(
                feature.properties.point_count_abbreviated ?? feature.properties.point_count,
              );
              markers.set(
                key,
                new maplibregl.Marker({ element })
                  .setLngLat((feature.geometry as Point).coordinates as [number, number])
                  .addTo(map),
              );
            }
          }
      }
      for (const [key, marker] of markers) {
        if (!seen.has(key)) {
          marker.remove();
          markers.delete(key);
        }
      }
    };

    // What the settled map shows, for tests and diagnostics: base map features and records drawn in view. Read once the
    // map is idle (tiles loaded, no transition) rather than on every frame: querying every country costs a frame.
    const measure = () => {
      if (map.getLayer("land"))
        host.dataset.baseMapDrawn = String(map.queryRenderedFeatures({ layers: ["land"] }).length);
      if (map.getLayer("states"))
        host.dataset.statesDrawn = String(map.queryRenderedFeatures({ layers: ["states"] }).length);
      if (map.getLayer("rivers"))
        host.dataset.riversDrawn = String(map.queryRenderedFeatures({ layers: ["rivers"] }).length);
      // A PMTiles base: which of the archive's layers (earth, water, roads…) have features on screen.
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
      const layers = shownLayers();
      host.dataset.rendered = String(layers.length ? countDrawnRecords(map.queryRenderedFeatures({ layers })) : 0);
    };

    const onClick = async (event: maplibregl.MapMouseEvent) => {
      const layers = shownLayers();
      const features = layers.length ? map.queryRenderedFeatures(event.point, { layers }) : [];
      const first = features[0];
      if (!first) return;
      if (viewClusterGroupIndex(first.source) !== null) {
        zoomIntoViewCluster(map, first.properties);
        return;
      }
      const shapeIndex = shapeGroupIndex(first.source);
      if (shapeIndex !== null) {
        showPopup(
          shapeIndex,
          [
            ...new Set(
              features
                .filter((feature) => feature.source === first.source)
                .map((feature) => String(feature.properties.id)),
            ),
          ],
          event.lngLat,
        );
        return;
      }
      const index = Number(first.source.slice("records-".length));
      if (first.properties.point_count === undefined) {
        const singles = features.filter(
          (feature) => feature.source === first.source && feature.properties.point_count === undefined,
        );
        showPopup(index, [...new Set(singles.map((feature) => String(feature.properties.id)))], event.lngLat);
        return;
      }
      const source = map.getSource<maplibregl.GeoJSONSource>(first.source);
      if (!source) return;
      const clusterId = Number(first.properties.cluster_id);
      const zoom = await source.getClusterExpansionZoom(clusterId);
      const center = (first.geometry as Point).coordinates as [number, number];
      if (zoom > CLUSTER_MAX_ZOOM || map.getZoom() >= CLUSTER_MAX_ZOOM) {
        const leaves = await source.getClusterLeaves(clusterId, 100, 0);
        showPopup(
          index,
          leaves.map((leaf) => String(leaf.properties?.id)),
          center,
        );
      } else {
        map.easeTo({ center, zoom });
      }
    };

    return () => {
      setReady(false);
      for (const marker of markers.values()) marker.remove();
      popup.remove();
      opened.close();
      mapRef.current = null;
    };
  }, [baseMap, popupNode]);

  // Sources and layers follow the groups: one clustered source per group, kept when only its points change.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    groupIdsRef.current = groups.map((group) => group.id);
    groups.forEach((group, index) => {
      syncShapeLayers(
        map,
        index,
        group.shapes ?? [],
        group.color,
        map.getLayer(clusterLayerOf(index)) ? clusterLayerOf(index) : undefined,
      );
      if (group.clusters) syncViewClusterLayers(map, index, group.clusters, group.color);
      else removeViewClusterLayers(map, index);
      const source = map.getSource<maplibregl.GeoJSONSource>(sourceOf(index));
      if (source) {
        void source.setData(toGeoJson(group.points));
        map.setPaintProperty(clusterLayerOf(index), "circle-color", group.color);
        map.setPaintProperty(pointLayerOf(index), "circle-color", group.color);
        return;
      }
      map.addSource(sourceOf(index), {
        type: "geojson",
        data: toGeoJson(group.points),
        cluster: true,
        clusterRadius: 50,
        clusterMaxZoom: CLUSTER_MAX_ZOOM,
      });
      map.addLayer({
        id: clusterLayerOf(index),
        type: "circle",
        source: sourceOf(index),
        filter: ["has", "point_count"],
        paint: clusterCirclePaint(group.color),
      });
      map.addLayer({
        id: pointLayerOf(index),
        type: "circle",
        source: sourceOf(index),
        filter: ["!", ["has", "point_count"]],
        paint: {
          "circle-color": group.color,
          "circle-radius": 7,
          "circle-stroke-width": 2,
          "circle-stroke-color": "#ffffff",
        },
      });
    });
    for (let index = groups.length; map.getSource(sourceOf(index)); index++) {
      map.removeLayer(clusterLayerOf(index));
      map.removeLayer(pointLayerOf(index));
      map.removeSource(sourceOf(index));
      removeShapeLayers(map, index);
      removeViewClusterLayers(map, index);
    }
    // Per view, the data comes from where the map stands: framing it again would move the map under the reader.
    if (frame !== undefined) return;
    const bounds = new maplibregl.LngLatBounds();
    for (const group of groups) {
      for (const [, lon, lat] of group.points) bounds.extend([lon, lat]);
      for (const vertex of shapeVertices(group.shapes ?? [])) bounds.extend(vertex);
    }
    if (!bounds.isEmpty()) map.fitBounds(bounds, { padding: 48, maxZoom: 15, duration: 0 });
  }, [groups, ready, frame]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready || !frame) return;
    const [west, south, east, north] = frame;
    map.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: 48, maxZoom: 15, duration: 0 },
    );
  }, [frame, ready]);

  useEffect(() => {
    const map = mapRef.current;
    hiddenRef.current = hidden;
    if (!map || !ready) return;
    groups.forEach((group, index) => {
      const visibility = hidden.has(group.id) ? "none" : "visible";
      for (const layer of [
        viewClusterLayerOf(index),
        clusterLayerOf(index),
        pointLayerOf(index),
        ...shapeLayersOf(index),
      ])
        if (map.getLayer(layer)) map.setLayoutProperty(layer, "visibility", visibility);
    });
    map.triggerRepaint();
  }, [groups, hidden, ready]);

  const points = groups.reduce((sum, group) => sum + group.points.length, 0);
  const shapes = groups.reduce((sum, group) => sum + (group.shapes?.length ?? 0), 0);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready || !overlay) return;
    const firstRecords = map.getStyle().layers.find((layer) => /^(shape-|clusters-|points-)/.test(layer.id));
    showTeamLayers(map, overlay, firstRecords?.id);
  }, [overlay, ready]);
  return (
    <div className="relative">
      <div
        ref={container}
        className="h-[60vh] w-full overflow-hidden rounded-lg border border-border"
        data-testid="records-map"
        data-points={points}
        data-shapes={shapes}
      />
      {selection &&
        createPortal(<div key={selection.key}>{renderSelection(selection.groupId, selection.ids)}</div>, popupNode)}
    </div>
  );
}
