import { z } from "zod";

/**
 * An area of the base map saved for offline use: a bounding box and a zoom range, cut into the Web Mercator tiles
 * (z/x/y, the grid of every tile URL and PMTiles archive) that cover it. The phone plans its download with these
 * rules and the server checks an admin's team area with the same ones.
 */
export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface TileRange {
  z: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Web Mercator stops here: tiles past it do not exist. */
const MAX_LATITUDE = 85.0511287798;
/** Zoom 18 shows single buildings; deeper tiles rarely exist in a PMTiles build and multiply the download by 4 each. */
export const OFFLINE_MAX_ZOOM = 18;
/** A download over this many tiles is refused before it starts: ~ a city at zoom 16, several GB at street level. */
export const OFFLINE_MAX_TILES = 50_000;
/**
 * Team areas one application may define: every collector's phone lists them all, so a runaway script (or a hostile
 * admin) must not be able to grow that list without end. Fifty covers a municipality's districts.
 */
export const OFFLINE_AREAS_MAX = 50;

/**
 * The size assumed for one stored tile in the estimate shown before a download: an assumption, not a measurement —
 * vector tiles of a town run to tens of KB at zooms 12–16 and far less over countryside, a 256 px PNG ~10–20 KB. The
 * screen shows the real figure as the download goes.
 */
export const AVERAGE_TILE_BYTES = { pmtiles: 30_000, raster: 15_000 } as const;

const clampLatitude = (lat: number) => Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));

/** The tile column and row holding a point at zoom z. */
export function tileAt(lon: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const rad = (clampLatitude(lat) * Math.PI) / 180;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { x: Math.max(0, Math.min(n - 1, x)), y: Math.max(0, Math.min(n - 1, y)) };
}

/** The tiles covering a bounding box at each zoom of [minZoom, maxZoom], one rectangle of columns × rows per zoom. */
export function tileRanges(bbox: Bbox, minZoom: number, maxZoom: number): TileRange[] {
  const ranges: TileRange[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const northWest = tileAt(bbox.west, bbox.north, z);
    const southEast = tileAt(bbox.east, bbox.south, z);
    ranges.push({ z, minX: northWest.x, maxX: southEast.x, minY: northWest.y, maxY: southEast.y });
  }
  return ranges;
}

export function countTiles(ranges: readonly TileRange[]): number {
  return ranges.reduce((sum, range) => sum + (range.maxX - range.minX + 1) * (range.maxY - range.minY + 1), 0);
}

/** Every tile of the ranges, lowest zoom first (the overview is usable before the detail arrives). */
export function* tilesOf(ranges: readonly TileRange[]): Generator<{ z: number; x: number; y: number }> {
  for (const { z, minX, maxX, minY, maxY } of ranges)
    for (let x = minX; x <= maxX; x++) for (let y = minY; y <= maxY; y++) yield { z, x, y };
}

export function estimateBytes(tiles: number, kind: keyof typeof AVERAGE_TILE_BYTES): number {
  return tiles * AVERAGE_TILE_BYTES[kind];
}

/** The area of a bounding box on the sphere, in km² (for the screen and the 50 km² bench). */
export function bboxAreaKm2(bbox: Bbox): number {
  const earthRadiusKm = 6371.0088;
  const toRad = Math.PI / 180;
  const width = ((bbox.east - bbox.west) * toRad) % (2 * Math.PI);
  return earthRadiusKm ** 2 * width * Math.abs(Math.sin(bbox.north * toRad) - Math.sin(bbox.south * toRad));
}

const longitude = z.number().min(-180).max(180);
const latitude = z.number().min(-MAX_LATITUDE).max(MAX_LATITUDE);
const zoom = z.number().int().min(0).max(OFFLINE_MAX_ZOOM);
const bboxSchema = z.object({ west: longitude, south: latitude, east: longitude, north: latitude });

/** An area as the admin's screen sends it for the team (POST /api/applications/:id/offline-areas). */
export const offlineAreaInputSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    bbox: bboxSchema,
    minZoom: zoom,
    maxZoom: zoom,
  })
  .refine((area) => area.bbox.west < area.bbox.east && area.bbox.south < area.bbox.north, {
    path: ["bbox"],
    message: "empty",
  })
  .refine((area) => area.minZoom <= area.maxZoom, { path: ["maxZoom"], message: "below minZoom" })
  .refine((area) => countTiles(tileRanges(area.bbox, area.minZoom, area.maxZoom)) <= OFFLINE_MAX_TILES, {
    path: ["maxZoom"],
    message: "too many tiles",
  });

export type OfflineAreaInput = z.infer<typeof offlineAreaInputSchema>;

/** A team area as GET /api/applications/:id/offline-areas answers it. */
export const teamOfflineAreaSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  bbox: bboxSchema,
  minZoom: zoom,
  maxZoom: zoom,
  createdAt: z.string(),
});
export type TeamOfflineAreaDto = z.infer<typeof teamOfflineAreaSchema>;
export const teamOfflineAreasSchema = z.object({ areas: z.array(teamOfflineAreaSchema) });
export type TeamOfflineAreasDto = z.infer<typeof teamOfflineAreasSchema>;
