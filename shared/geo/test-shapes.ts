/** Known shapes for the geometry tests (shared and server). */
import type { AreaAnswer, LineAnswer, Position } from "./geometry-answer.ts";

/** Mean Earth radius (IUGG), the one turf's distances use. */
const EARTH_RADIUS_M = 6371008.8;
const DEGREES_PER_RADIAN = 180 / Math.PI;

/** A square of the given side, its south-west corner at (latitude, longitude), sides along meridians and parallels. */
export function squareArea(sideMeters: number, latitude: number, longitude = 0): AreaAnswer {
  const dLat = (sideMeters / EARTH_RADIUS_M) * DEGREES_PER_RADIAN;
  const middle = (latitude + dLat / 2) / DEGREES_PER_RADIAN;
  const dLng = (sideMeters / (EARTH_RADIUS_M * Math.cos(middle))) * DEGREES_PER_RADIAN;
  const ring: Position[] = [
    [longitude, latitude],
    [longitude + dLng, latitude],
    [longitude + dLng, latitude + dLat],
    [longitude, latitude + dLat],
    [longitude, latitude],
  ];
  return { type: "Polygon", coordinates: [ring] };
}

/** A line due north along a meridian, of the given length, in `segments` equal steps. */
export function northLine(lengthMeters: number, latitude: number, longitude = 0, segments = 1): LineAnswer {
  const dLat = (lengthMeters / EARTH_RADIUS_M) * DEGREES_PER_RADIAN;
  const coordinates: Position[] = Array.from({ length: segments + 1 }, (_, step) => [
    longitude,
    latitude + (dLat * step) / segments,
  ]);
  return { type: "LineString", coordinates };
}
