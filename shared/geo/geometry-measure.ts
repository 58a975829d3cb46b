/**
 * Geodesic measures of line and area answers, by turf: lengths and distances on a sphere (haversine), areas by
 * turf's spherical excess formula. Positions are [longitude, latitude], as in the stored GeoJSON.
 */
import turfArea from "@turf/area";
import turfBearing from "@turf/bearing";
import booleanPointInPolygon from "@turf/boolean-point-in-polygon";
import turfDistance from "@turf/distance";
import turfLength from "@turf/length";
import { lineString } from "@turf/helpers";
import type { AreaAnswer, LineAnswer, Position } from "./geometry-answer.ts";

/** A point as [longitude, latitude]; a gps answer reads as `[answer.longitude, answer.latitude]`. */
export type LngLat = readonly [number, number, ...number[]];

function plain(position: LngLat): [number, number] {
  return [position[0], position[1]];
}

function pathLength(positions: readonly Position[]): number {
  if (positions.length < 2) return 0;
  return turfLength(lineString(positions.map(plain)), { units: "meters" });
}

export function lineLengthMeters(line: LineAnswer): number {
  return pathLength(line.coordinates);
}

export function polygonAreaSquareMeters(area: AreaAnswer): number {
  return turfArea({ type: "Polygon", coordinates: [area.coordinates[0].map(plain)] });
}

export function polygonPerimeterMeters(area: AreaAnswer): number {
  return pathLength(area.coordinates[0]);
}

/** Inside or on the edge of the area. */
export function pointInPolygon(point: LngLat, area: AreaAnswer): boolean {
  return booleanPointInPolygon(plain(point), { type: "Polygon", coordinates: [area.coordinates[0].map(plain)] });
}

export function distanceMeters(a: LngLat, b: LngLat): number {
  return turfDistance(plain(a), plain(b), { units: "meters" });
}

/** Initial bearing from a to b in degrees clockwise from north, 0 to 360. */
export function bearingDegrees(a: LngLat, b: LngLat): number {
  return (turfBearing(plain(a), plain(b)) + 360) % 360;
}
