import type { FeatureCollection, LineString, Polygon } from "geojson";
import type { maplibregl } from "../../../components/map/maplibre.ts";

/** A record's line or area answer as the data map draws it. */
export interface RecordShape {
  id: string;
  geometry: LineString | Polygon;
}

const SHAPES_PREFIX = "shapes-";
export const shapeSourceOf = (index: number) => `${SHAPES_PREFIX}${index}`;
const fillLayerOf = (index: number) => `shape-fills-${index}`;
const lineLayerOf = (index: number) => `shape-lines-${index}`;
export const shapeLayersOf = (index: number) => [fillLayerOf(index), lineLayerOf(index)];

/** The group a clicked shape belongs to, or null for a feature of another source. */
export function shapeGroupIndex(source: string): number | null {
  return source.startsWith(SHAPES_PREFIX) ? Number(source.slice(SHAPES_PREFIX.length)) : null;
}

function toGeoJson(shapes: readonly RecordShape[]): FeatureCollection<LineString | Polygon, { id: string }> {
  return {
    type: "FeatureCollection",
    features: shapes.map(({ id, geometry }) => ({ type: "Feature", geometry, properties: { id } })),
  };
}

/**
 * One unclustered source per group for its lines and areas (clustering applies to points only), drawn under the
 * group's points in its colour: areas filled lightly with an outline, lines as lines. Kept when only the data changes.
 */
export function syncShapeLayers(
  map: maplibregl.Map,
  index: number,
  shapes: readonly RecordShape[],
  color: string,
  below: string | undefined,
): void {
  const source = map.getSource<maplibregl.GeoJSONSource>(shapeSourceOf(index));
  if (source) {
    void source.setData(toGeoJson(shapes));
    map.setPaintProperty(fillLayerOf(index), "fill-color", color);
    map.setPaintProperty(lineLayerOf(index), "line-color", color);
    return;
  }
  map.addSource(shapeSourceOf(index), { type: "geojson", data: toGeoJson(shapes) });
  map.addLayer(
    {
      id: fillLayerOf(index),
      type: "fill",
      source: shapeSourceOf(index),
      filter: ["==", ["geometry-type"], "Polygon"],
      paint: { "fill-color": color, "fill-opacity": 0.25 },
    },
    below,
  );
  map.addLayer(
    {
      id: lineLayerOf(index),
      type: "line",
      source: shapeSourceOf(index),
      paint: { "line-color": color, "line-width": 3 },
    },
    below,
  );
}

export function removeShapeLayers(map: maplibregl.Map, index: number): void {
  for (const layer of shapeLayersOf(index)) if (map.getLayer(layer)) map.removeLayer(layer);
  if (map.getSource(shapeSourceOf(index))) map.removeSource(shapeSourceOf(index));
}

/** Every vertex of the shapes, for framing the map around them with the points. */
export function* shapeVertices(shapes: readonly RecordShape[]): Generator<[number, number]> {
  for (const { geometry } of shapes) {
    const lines = geometry.type === "Polygon" ? geometry.coordinates : [geometry.coordinates];
    for (const line of lines)
      for (const [lon, lat] of line) if (lon !== undefined && lat !== undefined) yield [lon, lat];
  }
}
