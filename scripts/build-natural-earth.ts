/**
 * Writes `app/components/map/natural-earth-south-america.json`: the rivers and lake centerlines, lakes and
 * populated places of South America drawn by the packaged base map (no map service needed). Source: Natural Earth
 * 1:50m (public domain, https://www.naturalearthdata.com/about/terms-of-use/) as GeoJSON from
 * github.com/martynafford/natural-earth-geojson (CC0). Simplified and trimmed to the continent here, then committed.
 * Run again only to refresh them:
 *   git clone --depth 1 https://github.com/martynafford/natural-earth-geojson
 *   node --import tsx scripts/build-natural-earth.ts natural-earth-geojson/50m
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Feature, FeatureCollection, Geometry } from "geojson";
import { PROJECT_ROOT } from "../server/project-root.ts";
import { simplifyLine, type Position } from "./simplify-line.ts";
import { STATE_CAPITALS } from "../app/components/map/state-capitals.ts";

/** South America and the seas beside it, with Panama's isthmus. */
const BOUNDS = { west: -92, south: -57, east: -26, north: 15 };
/** Degrees: ~1 km, below what the outline zooms (up to ~8) show. */
const TOLERANCE = 0.01;
const DECIMALS = 3;
/** Places of this Natural Earth rank and above are the towns a 1:50m map labels; they show from `min_zoom` on. */
const MAX_PLACE_RANK = 8;

const inBounds = ([x, y]: Position) => x >= BOUNDS.west && x <= BOUNDS.east && y >= BOUNDS.south && y <= BOUNDS.north;

function read(folder: string, file: string): FeatureCollection {
  return JSON.parse(readFileSync(path.join(folder, file), "utf8")) as FeatureCollection;
}

function linesOf(geometry: Geometry | null): Position[][] {
  if (!geometry) return [];
  if (geometry.type === "LineString") return [geometry.coordinates as Position[]];
  if (geometry.type === "MultiLineString" || geometry.type === "Polygon") return geometry.coordinates as Position[][];
  if (geometry.type === "MultiPolygon") return (geometry.coordinates as Position[][][]).flat();
  return [];
}

const simplify = (line: Position[]) => simplifyLine(line, TOLERANCE, DECIMALS);

function rivers(folder: string): Feature[] {
  return read(folder, "physical/ne_50m_rivers_lake_centerlines.json").features.flatMap((feature) => {
    const lines = linesOf(feature.geometry)
      .filter((line) => line.some(inBounds))
      .map(simplify)
      .filter((line) => line.length >= 2);
    if (!lines.length) return [];
    const { name, scalerank } = feature.properties as { name: string | null; scalerank: number };
    return [
      {
        type: "Feature",
        properties: { name: name ?? "", rank: scalerank },
        geometry: { type: "MultiLineString", coordinates: lines },
      },
    ];
  });
}

function lakes(folder: string): Feature[] {
  return read(folder, "physical/ne_50m_lakes.json").features.flatMap((feature) => {
    const geometry = feature.geometry;
    const polygons =
      geometry?.type === "Polygon"
        ? [geometry.coordinates as Position[][]]
        : geometry?.type === "MultiPolygon"
          ? (geometry.coordinates as Position[][][])
          : [];
    const kept = polygons
      .filter((polygon) => polygon[0]?.some(inBounds))
      .map((polygon) => polygon.map(simplify).filter((ring) => ring.length >= 4))
      .filter((polygon) => polygon.length > 0);
    if (!kept.length) return [];
    const { name } = feature.properties as { name: string | null };
    return [
      { type: "Feature", properties: { name: name ?? "" }, geometry: { type: "MultiPolygon", coordinates: kept } },
    ];
  });
}

/** Brazil's state capitals are labelled already (state-capitals.ts): a town this close to one is that capital. */
const isStateCapital = ([x, y]: Position) => STATE_CAPITALS.some(({ at }) => Math.hypot(at[0] - x, at[1] - y) < 0.3);

/** [name, longitude, latitude, min zoom]: a compact list, not GeoJSON, as the labels are HTML markers. */
function places(folder: string): [string, number, number, number][] {
  const factor = 10 ** DECIMALS;
  return read(folder, "cultural/ne_50m_populated_places_simple.json").features.flatMap((feature) => {
    const {
      name,
      scalerank,
      min_zoom: minZoom,
    } = feature.properties as { name: string; scalerank: number; min_zoom: number };
    if (feature.geometry?.type !== "Point") return [];
    const [x, y] = feature.geometry.coordinates as Position;
    if (!inBounds([x, y]) || scalerank > MAX_PLACE_RANK || isStateCapital([x, y])) return [];
    return [[name, Math.round(x * factor) / factor, Math.round(y * factor) / factor, Math.max(3, Math.round(minZoom))]];
  });
}

const folder = process.argv[2];
if (!folder) throw new Error("usage: build-natural-earth.ts <natural-earth-geojson>/50m");
const data = {
  rivers: { type: "FeatureCollection", features: rivers(folder) },
  lakes: { type: "FeatureCollection", features: lakes(folder) },
  places: places(folder),
};
const target = path.join(PROJECT_ROOT, "app/components/map/natural-earth-south-america.json");
writeFileSync(target, `${JSON.stringify(data)}\n`);
console.log(
  `wrote ${data.rivers.features.length} rivers, ${data.lakes.features.length} lakes, ${data.places.length} places, ${readFileSync(target).length} bytes, to ${path.relative(PROJECT_ROOT, target)}`,
);
