import { kml as kmlToGeoJson } from "@tmcw/togeojson";
import type { DOMParser } from "@xmldom/xmldom";
import { ApiError } from "../../lib/api-error.ts";
import { loadXmldom } from "../../lib/xmldom-module.ts";
import {
  geometryPositions,
  TEAM_LAYER_FEATURES_MAX,
  TEAM_LAYER_MAX_BYTES,
  TEAM_LAYER_VERTICES_MAX,
  teamLayerFormat,
  type LayerFeature,
  type LayerFeatureCollection,
  type LayerGeometry,
  type TeamLayerFormat,
} from "../../../shared/map/team-layer.ts";

export interface ParsedTeamLayer {
  format: TeamLayerFormat;
  features: LayerFeatureCollection;
  vertexCount: number;
  bbox: { west: number; south: number; east: number; north: number };
}

type Pair = [number, number];

function unreadable(reason: string): ApiError {
  return new ApiError("TEAM_LAYER_UNREADABLE", `The layer cannot be read: ${reason}`, { reason });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A position as the file holds it: [longitude, latitude] with an optional altitude, which the layer drops. */
function position(value: unknown): Pair {
  if (!Array.isArray(value) || value.length < 2 || !value.every((n) => typeof n === "number" && Number.isFinite(n)))
    throw unreadable("a position is not a list of numbers");
  const [longitude, latitude] = value as number[];
  if (longitude === undefined || latitude === undefined) throw unreadable("a position has no coordinates");
  if (Math.abs(longitude) > 180 || Math.abs(latitude) > 90)
    throw new ApiError("TEAM_LAYER_OUT_OF_RANGE", "A coordinate is outside longitude ±180 / latitude ±90", {
      position: [longitude, latitude],
    });
  return [longitude, latitude];
}

function list(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw unreadable("coordinates are not a list");
  return value;
}

function line(value: unknown): Pair[] {
  const positions = list(value).map(position);
  if (positions.length < 2) throw unreadable("a line has fewer than 2 positions");
  return positions;
}

/** A ring closed as GeoJSON wants it (KML files often leave the last position off). */
function ring(value: unknown): Pair[] {
  const positions = list(value).map(position);
  const [first] = positions;
  const last = positions[positions.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) positions.push(first);
  if (positions.length < 4) throw unreadable("an area's ring has fewer than 3 positions");
  return positions;
}

const polygon = (value: unknown): Pair[][] => list(value).map(ring);

/** GeometryCollections nest no deeper than this: a file nesting thousands would overflow the reader's stack. */
const COLLECTION_DEPTH_MAX = 8;

/** One geometry of the file as the layer keeps it; a GeometryCollection (KML MultiGeometry) becomes its members. */
function geometries(value: unknown, depth = 0): LayerGeometry[] {
  if (value === null || value === undefined) return [];
  if (!isObject(value)) throw unreadable("a geometry is not an object");
  const { coordinates } = value;
  switch (value.type) {
    case "Point":
      return [{ type: "Point", coordinates: position(coordinates) }];
    case "MultiPoint":
      return [{ type: "MultiPoint", coordinates: list(coordinates).map(position) }];
    case "LineString":
      return [{ type: "LineString", coordinates: line(coordinates) }];
    case "MultiLineString":
      return [{ type: "MultiLineString", coordinates: list(coordinates).map(line) }];
    case "Polygon":
      return [{ type: "Polygon", coordinates: polygon(coordinates) }];
    case "MultiPolygon":
      return [{ type: "MultiPolygon", coordinates: list(coordinates).map(polygon) }];
    case "GeometryCollection":
      if (depth >= COLLECTION_DEPTH_MAX) throw unreadable("geometry collections nested too deep");
      return list(value.geometries).flatMap((member) => geometries(member, depth + 1));
    default:
      throw unreadable(`unknown geometry type ${String(value.type)}`);
  }
}

function featureName(properties: unknown): { name?: string } {
  const name = isObject(properties) ? properties.name : undefined;
  if (typeof name === "string" && name.trim()) return { name: name.trim().slice(0, 200) };
  if (typeof name === "number") return { name: String(name) };
  return {};
}

/** GeoJSON's three top levels (a FeatureCollection, one Feature or a bare geometry) as a list of features. */
function geojsonFeatures(text: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw unreadable("not JSON");
  }
  if (!isObject(parsed)) throw unreadable("not a GeoJSON object");
  if (parsed.type === "FeatureCollection") return list(parsed.features);
  if (parsed.type === "Feature") return [parsed];
  return [{ type: "Feature", geometry: parsed, properties: {} }];
}

async function kmlFeatures(text: string): Promise<unknown[]> {
  const { DOMParser } = await loadXmldom();
  const parser = new DOMParser({
    // xmldom reports problems it recovers from as warnings; errors (an undeclared entity included: it never expands
    // a DTD's entities) and fatal errors refuse the file.
    onError: (level, message) => {
      if (level !== "warning") throw unreadable(`not well-formed XML (${message.split("\n")[0] ?? ""})`);
    },
  });
  let document: ReturnType<DOMParser["parseFromString"]>;
  try {
    document = parser.parseFromString(text, "text/xml");
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unreadable("not well-formed XML");
  }
  if (document.documentElement?.localName !== "kml") throw unreadable("the root element is not <kml>");
  return kmlToGeoJson(document).features;
}

function counted(features: readonly LayerFeature[]): { vertexCount: number; bbox: ParsedTeamLayer["bbox"] } {
  let vertexCount = 0;
  const bbox = { west: 180, south: 90, east: -180, north: -90 };
  for (const feature of features)
    for (const [longitude, latitude] of geometryPositions(feature.geometry)) {
      vertexCount++;
      bbox.west = Math.min(bbox.west, longitude);
      bbox.east = Math.max(bbox.east, longitude);
      bbox.south = Math.min(bbox.south, latitude);
      bbox.north = Math.max(bbox.north, latitude);
    }
  return { vertexCount, bbox };
}

/**
 * Reads an uploaded GeoJSON or KML layer (by its file name's extension) into the plain features the phones keep,
 * refusing what a team's map cannot use: past 2 MB, not well-formed, a coordinate out of range, no features, more
 * features or vertices than the caps. Every refusal is an ApiError with its own code; nothing is stored.
 */
export async function parseTeamLayer(fileName: string, content: string): Promise<ParsedTeamLayer> {
  if (Buffer.byteLength(content, "utf8") > TEAM_LAYER_MAX_BYTES)
    throw new ApiError("TEAM_LAYER_TOO_LARGE", "The layer file is larger than the limit", {
      max: TEAM_LAYER_MAX_BYTES,
    });
  const format = teamLayerFormat(fileName);
  if (!format) throw unreadable("only .geojson, .json and .kml files are read");
  const text = content.replace(/^\uFEFF/, "");
  const source = format === "kml" ? await kmlFeatures(text) : geojsonFeatures(text);
  const features: LayerFeature[] = [];
  let vertices = 0;
  for (const entry of source) {
    if (!isObject(entry)) throw unreadable("a feature is not an object");
    const properties = featureName(entry.properties);
    for (const geometry of geometries(entry.geometry)) {
      features.push({ type: "Feature", geometry, properties });
      vertices += geometryPositions(geometry).length;
      if (features.length > TEAM_LAYER_FEATURES_MAX || vertices > TEAM_LAYER_VERTICES_MAX)
        throw new ApiError("TEAM_LAYER_TOO_MANY_FEATURES", "The layer has more features or vertices than the limit", {
          maxFeatures: TEAM_LAYER_FEATURES_MAX,
          maxVertices: TEAM_LAYER_VERTICES_MAX,
        });
    }
  }
  if (features.length === 0) throw new ApiError("TEAM_LAYER_EMPTY", "The layer has no geometry");
  return { format, features: { type: "FeatureCollection", features }, ...counted(features) };
}
