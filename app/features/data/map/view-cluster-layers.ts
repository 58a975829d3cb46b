import type { FeatureCollection, Point } from "geojson";
import type { maplibregl } from "../../../components/map/maplibre.ts";
import type { MapCluster } from "../../../../shared/map/map-view.ts";

/**
 * The clusters the server computed for the data map's view (issues 25 and 27): one plain source per group, drawn as
 * the browser's own clusters are (a circle sized by its count, the count as an HTML marker). Their features carry
 * `point_count` and `cluster_id` like MapLibre's, so counting and labelling treat both alike; a click zooms to the
 * cluster's records.
 */
const PREFIX = "view-clusters-";
export const viewClusterSourceOf = (index: number) => `${PREFIX}${index}`;
export const viewClusterLayerOf = (index: number) => `view-cluster-circles-${index}`;

/** The group a clicked server cluster belongs to, or null for a feature of another source. */
export function viewClusterGroupIndex(source: string): number | null {
  return source.startsWith(PREFIX) ? Number(source.slice(PREFIX.length)) : null;
}

/** A cluster circle of the group's colour, larger as it holds more records (the browser's clusters use it too). */
export function clusterCirclePaint(color: string): maplibregl.CircleLayerSpecification["paint"] {
  return {
    "circle-color": color,
    "circle-opacity": 0.85,
    "circle-stroke-width": 2,
    "circle-stroke-color": "#ffffff",
    "circle-radius": ["step", ["get", "point_count"], 14, 10, 18, 100, 24, 1000, 30],
  };
}

/** MapLibre's own label of a cluster's size: 950, 1.2k, 12k. */
export function abbreviatedCount(count: number): string {
  if (count >= 10_000) return `${Math.round(count / 1000)}k`;
  if (count >= 1000) return `${Math.round(count / 100) / 10}k`;
  return String(count);
}

type ClusterProperties = {
  cluster_id: number;
  point_count: number;
  point_count_abbreviated: string;
  west: number;
  south: number;
  east: number;
  north: number;
};

function toGeoJson(clusters: readonly MapCluster[]): FeatureCollection<Point, ClusterProperties> {
  return {
    type: "FeatureCollection",
    features: clusters.map(([lon, lat, count, west, south, east, north], index) => ({
      type: "Feature",
      geometry: { type: "Point", coordinates: [lon, lat] },
      properties: {
        cluster_id: index,
        point_count: count,
        point_count_abbreviated: abbreviatedCount(count),
        west,
        south,
        east,
        north,
      },
    })),
  };
}

export function syncViewClusterLayers(
  map: maplibregl.Map,
  index: number,
  clusters: readonly MapCluster[],
  color: string,
): void {
  const source = map.getSource<maplibregl.GeoJSONSource>(viewClusterSourceOf(index));
  if (source) {
    void source.setData(toGeoJson(clusters));
    map.setPaintProperty(viewClusterLayerOf(index), "circle-color", color);
    return;
  }
  map.addSource(viewClusterSourceOf(index), { type: "geojson", data: toGeoJson(clusters) });
  map.addLayer({
    id: viewClusterLayerOf(index),
    type: "circle",
    source: viewClusterSourceOf(index),
    paint: clusterCirclePaint(color),
  });
}

export function removeViewClusterLayers(map: maplibregl.Map, index: number): void {
  if (map.getLayer(viewClusterLayerOf(index))) map.removeLayer(viewClusterLayerOf(index));
  if (map.getSource(viewClusterSourceOf(index))) map.removeSource(viewClusterSourceOf(index));
}

/** Zooms to a clicked server cluster's records; records sharing one place are zoomed towards, as far as the map goes. */
export function zoomIntoViewCluster(map: maplibregl.Map, properties: Record<string, unknown>): void {
  const [west, south, east, north] = [properties.west, properties.south, properties.east, properties.north].map(Number);
  if (west === undefined || south === undefined || east === undefined || north === undefined) return;
  if (west === east && south === north) {
    map.easeTo({ center: [west, south], zoom: map.getZoom() + 3 });
    return;
  }
  map.fitBounds(
    [
      [west, south],
      [east, north],
    ],
    { padding: 48, maxZoom: map.getMaxZoom() },
  );
}
