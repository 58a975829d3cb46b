import type { Feature, Position } from "geojson";

/** What a map draws of a line or area answer: its vertices in order ([longitude, latitude]), the ring left open. */
export interface MapShape {
  kind: "line" | "area";
  vertices: Position[];
}

/**
 * The shape as map features: an area of three or more vertices is a closed polygon; fewer, or a line, is drawn as the
 * line through the vertices so far; the vertices themselves as points when no drag handles stand in for them.
 */
export function shapeFeatures(shape: MapShape, withVertices: boolean): Feature[] {
  const { kind, vertices } = shape;
  const features: Feature[] = [];
  const first = vertices[0];
  if (kind === "area" && first && vertices.length >= 3)
    features.push({
      type: "Feature",
      geometry: { type: "Polygon", coordinates: [[...vertices, first]] },
      properties: {},
    });
  else if (vertices.length >= 2)
    features.push({ type: "Feature", geometry: { type: "LineString", coordinates: vertices }, properties: {} });
  if (withVertices)
    for (const vertex of vertices)
      features.push({ type: "Feature", geometry: { type: "Point", coordinates: vertex }, properties: {} });
  return features;
}

const EARTH_CIRCUMFERENCE_METERS = 40_075_016.686;
const TILE_SIZE = 512;
const MAX_ZOOM = 24;

/**
 * A circle layer's radius in pixels that stays `meters` wide on the ground at every zoom: a pixel covers
 * circumference × cos(latitude) / (512 × 2^zoom) metres, so the radius doubles with each zoom level.
 */
export function accuracyRadiusExpression(
  meters: number,
  latitude: number,
): ["interpolate", ["exponential", 2], ["zoom"], 0, number, number, number] {
  const atZoomZero = meters / ((EARTH_CIRCUMFERENCE_METERS * Math.cos((latitude * Math.PI) / 180)) / TILE_SIZE);
  return ["interpolate", ["exponential", 2], ["zoom"], 0, atZoomZero, MAX_ZOOM, atZoomZero * 2 ** MAX_ZOOM];
}
