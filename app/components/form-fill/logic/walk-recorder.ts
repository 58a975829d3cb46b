import type { CapturedPosition } from "./gps.ts";
import { distanceMeters, type LngLat } from "../../../../shared/geo/geometry-measure.ts";

/** When a walked fix becomes a vertex: its accuracy at most `accuracyMeters`, `minDistanceMeters` from the last vertex. */
export interface WalkSettings {
  accuracyMeters: number;
  minDistanceMeters: number;
}

/**
 * 15 m keeps the fixes a phone gets in the open (typically 3-10 m) and drops the jumps under trees or beside buildings;
 * 5 m between vertices follows a plot's corners and a path's bends while standing still adds nothing.
 */
export const DEFAULT_WALK_SETTINGS: WalkSettings = { accuracyMeters: 15, minDistanceMeters: 5 };

export type WalkDecision = "added" | "inaccurate" | "tooClose";

/** What a fix does while walking: becomes the next vertex, or is skipped, and why (shown to the collector). */
export function walkDecision(last: LngLat | undefined, fix: CapturedPosition, settings: WalkSettings): WalkDecision {
  if (fix.accuracy > settings.accuracyMeters) return "inaccurate";
  if (last && distanceMeters(last, [fix.longitude, fix.latitude]) < settings.minDistanceMeters) return "tooClose";
  return "added";
}
