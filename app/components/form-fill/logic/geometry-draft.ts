import {
  AREA_VERTICES_MIN,
  LINE_VERTICES_MIN,
  type AreaAnswer,
  type GeometryFieldType,
  type LineAnswer,
  type Position,
} from "../../../../shared/geo/geometry-answer.ts";

/** A line or area answer as the form holds it: the GeoJSON geometry stored (positions [longitude, latitude]). */
export type GeometryValue = LineAnswer | AreaAnswer;

/** Fewest vertices of a valid answer (the shared rules): a line joins two points, an area needs three corners. */
export const MIN_VERTICES: Readonly<Record<GeometryFieldType, number>> = {
  line: LINE_VERTICES_MIN,
  area: AREA_VERTICES_MIN,
};

/** The shape of a geometry answer, however many vertices it has so far (the shared schemas judge the rest). */
export function isGeometryValue(value: unknown): value is GeometryValue {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as { type?: unknown; coordinates?: unknown };
  return (candidate.type === "LineString" || candidate.type === "Polygon") && Array.isArray(candidate.coordinates);
}

const samePosition = (a: Position | undefined, b: Position | undefined) =>
  a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];

/** The vertices being edited: a line's coordinates, or an area's ring without the repeated first vertex. */
export function verticesOf(value: unknown): Position[] {
  if (!isGeometryValue(value)) return [];
  if (value.type === "LineString") return value.coordinates;
  const ring = value.coordinates[0] ?? [];
  return ring.length > 1 && samePosition(ring[0], ring[ring.length - 1]) ? ring.slice(0, -1) : ring;
}

/**
 * The answer for the vertices drawn so far; no vertex is no answer. A shape with too few vertices is still kept (a
 * line of one point, an area of two) so the shared validation names what is missing and the drawing survives a
 * draft restore; the area's ring is closed here, the collector never has to tap the first vertex again.
 */
export function geometryValue(kind: GeometryFieldType, vertices: readonly Position[]): GeometryValue | null {
  const first = vertices[0];
  if (!first) return null;
  // Only longitude and latitude: an altitude would be a third number the answer does not use.
  const coordinates = vertices.map((vertex): Position => [vertex[0], vertex[1]]);
  if (kind === "line") return { type: "LineString", coordinates };
  return { type: "Polygon", coordinates: [[...coordinates, [first[0], first[1]]]] };
}

/** Coordinates kept to 7 decimals (about 1 cm): what a fix or a tap can mean, without float noise in the answer. */
export function roundPosition(longitude: number, latitude: number): Position {
  return [Number(longitude.toFixed(7)), Number(latitude.toFixed(7))];
}
