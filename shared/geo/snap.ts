import type { LayerFeature, LayerGeometry } from "../map/team-layer.ts";

/**
 * Snapping a tapped point or vertex to the team's layers: within a few screen pixels of a layer's vertex it takes
 * that vertex exactly, else within the same distance of an edge it takes the nearest point of that edge. Distances
 * are in screen pixels (what a finger misses by), so the caller passes the map's projection.
 */

/** About a fingertip's error on a phone: a smaller radius misses, a larger one snaps where the collector did not mean. */
export const SNAP_TOLERANCE_PX = 12;

export type ScreenPoint = [number, number];
type Pair = [number, number];

export interface SnapResult {
  position: Pair;
  kind: "vertex" | "edge";
  /** How far the tap was from it, in pixels. */
  distancePx: number;
  /** Which of the given features it lies on. */
  featureIndex: number;
}

/** The vertices and the edges (pairs of consecutive positions of a line or ring) of a geometry. */
function parts(geometry: LayerGeometry): { vertices: Pair[]; paths: Pair[][] } {
  switch (geometry.type) {
    case "Point":
      return { vertices: [geometry.coordinates], paths: [] };
    case "MultiPoint":
      return { vertices: geometry.coordinates, paths: [] };
    case "LineString":
      return { vertices: geometry.coordinates, paths: [geometry.coordinates] };
    case "MultiLineString":
    case "Polygon":
      return { vertices: geometry.coordinates.flat(), paths: geometry.coordinates };
    case "MultiPolygon":
      return { vertices: geometry.coordinates.flat(2), paths: geometry.coordinates.flat() };
  }
}

const distance = (a: ScreenPoint, b: ScreenPoint) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Where along a→b (0…1) the point nearest to p lies, on the screen. */
function segmentFraction(p: ScreenPoint, a: ScreenPoint, b: ScreenPoint): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared === 0) return 0;
  return Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
}

/**
 * The layer position a tap at `tap` (screen pixels) snaps to, or null when none lies within `tolerancePx`. A vertex
 * wins over an edge (a plot's corner is what a collector aims at); the edge point is interpolated between the two
 * vertices at the fraction found on the screen, exact for the short edges a few pixels decide between.
 */
export function snapPosition(
  tap: ScreenPoint,
  features: readonly LayerFeature[],
  project: (position: Pair) => ScreenPoint,
  tolerancePx = SNAP_TOLERANCE_PX,
): SnapResult | null {
  let vertex: SnapResult | null = null;
  let edge: SnapResult | null = null;
  for (const [featureIndex, feature] of features.entries()) {
    const { vertices, paths } = parts(feature.geometry);
    for (const position of vertices) {
      const away = distance(tap, project(position));
      if (away <= tolerancePx && (!vertex || away < vertex.distancePx))
        vertex = { position: [position[0], position[1]], kind: "vertex", distancePx: away, featureIndex };
    }
    if (vertex) continue;
    for (const path of paths)
      for (let index = 1; index < path.length; index++) {
        const a = path[index - 1] as Pair;
        const b = path[index] as Pair;
        const screenA = project(a);
        const screenB = project(b);
        const t = segmentFraction(tap, screenA, screenB);
        const away = distance(tap, [
          screenA[0] + t * (screenB[0] - screenA[0]),
          screenA[1] + t * (screenB[1] - screenA[1]),
        ]);
        if (away <= tolerancePx && (!edge || away < edge.distancePx))
          edge = {
            position: [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])],
            kind: "edge",
            distancePx: away,
            featureIndex,
          };
      }
  }
  return vertex ?? edge;
}
