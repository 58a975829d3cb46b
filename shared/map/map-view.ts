/**
 * The data map computed per view (issues 25 and 27): the web asks for what is inside its view at its zoom, and the
 * server answers with clusters (counts at a centroid) when many records are in view, and the records themselves when
 * few. The grid math lives here so the tests, the server's SQL and the web agree on it.
 */
import { z } from "zod";
import { storedGeometrySchema, type AreaAnswer, type LineAnswer } from "../geo/geometry-answer.ts";

export const MAP_VIEW_MAX_ZOOM = 22;
/** At most this many records in view are sent one by one (about 60 KB); more are sent as clusters. */
export const MAP_VIEW_RECORD_LIMIT = 2000;
/** A cluster cell's edge on screen: about a cluster circle and its spacing. */
export const CLUSTER_CELL_PX = 64;
/** A view is cut into at most this many cells across, whatever zoom a client claims (bounds the payload). */
export const MAX_CELLS_ACROSS = 48;
/** A line or area smaller than this on screen is drawn as its record's point only. */
export const MIN_SHAPE_PX = 6;
/** At most this many shapes per view, the largest on screen first. */
export const MAP_VIEW_SHAPE_LIMIT = 1500;
/** Web Mercator's edge: the poles are at infinity. */
const MAX_LATITUDE = 85.0511;

/** [west, south, east, north] in degrees. */
export type Bbox = [number, number, number, number];

const bboxSchema = z
  .string()
  .max(200)
  .transform((text) => text.split(",").map((part) => (part.trim() === "" ? Number.NaN : Number(part))))
  .pipe(
    z.tuple([
      z.number().min(-180).max(180),
      z.number().min(-90).max(90),
      z.number().min(-180).max(180),
      z.number().min(-90).max(90),
    ]),
  )
  .refine(([west, south, east, north]) => west <= east && south <= north, "Expected west ≤ east and south ≤ north");

/**
 * GET …/records/map-view: `zoom` (the map's zoom) and `bbox=west,south,east,north` (the view; absent: the whole world,
 * and the answer then also carries the records' extent and how many cannot be placed). The filter's parameters come
 * beside them.
 */
export const mapViewQuerySchema = z.object({
  zoom: z.coerce.number().min(0).max(MAP_VIEW_MAX_ZOOM),
  bbox: bboxSchema.optional(),
});
export type MapViewQuery = z.infer<typeof mapViewQuerySchema>;

/** Degrees of longitude one screen pixel spans at this zoom (256-pixel tiles). */
export function degreesPerPixel(zoom: number): number {
  return 360 / (256 * 2 ** zoom);
}

/** Web Mercator's y of a latitude, in radians like its x (so one cell is square on screen at every latitude). */
export function mercatorY(latitude: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  return Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
}

/**
 * The cluster grid's cell edge in radians of Web Mercator: CLUSTER_CELL_PX at the (whole) zoom, widened so that the
 * view holds at most MAX_CELLS_ACROSS cells each way. Whole zooms keep the cells still while the map zooms between
 * two levels, so clusters do not flicker.
 */
export function clusterCellRadians(zoom: number, bbox: Bbox): number {
  const [west, south, east, north] = bbox;
  const byZoom = (CLUSTER_CELL_PX * degreesPerPixel(Math.floor(zoom)) * Math.PI) / 180;
  const width = ((east - west) * Math.PI) / 180;
  const height = mercatorY(north) - mercatorY(south);
  return Math.max(byZoom, Math.max(width, height) / MAX_CELLS_ACROSS);
}

/** The cell a position falls in: the grid is anchored at (-180°, the equator), the same for every view. */
export function clusterCell(longitude: number, latitude: number, cellRadians: number): [number, number] {
  return [Math.floor(((longitude + 180) * Math.PI) / 180 / cellRadians), Math.floor(mercatorY(latitude) / cellRadians)];
}

export const WORLD: Bbox = [-180, -90, 180, 90];

/** A map's visible bounds as a request's bbox: longitudes past the antimeridian clamped, a view wider than the world is the world. */
export function viewBbox(west: number, south: number, east: number, north: number): Bbox {
  if (east - west >= 360) return [-180, Math.max(-90, south), 180, Math.min(90, north)];
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return [clamp(west, 180), clamp(south, 90), clamp(east, 180), clamp(north, 90)];
}

/** A cluster: [longitude, latitude (the members' mean), count, west, south, east, north (the members' bounds)]. */
export type MapCluster = [number, number, number, number, number, number, number];

export interface MapViewData {
  /** Many records in view: their clusters (a lone record in its cell comes in `points` instead). */
  clusters: MapCluster[];
  /** [record id, longitude, latitude]: a record's location, or the centre of its first line or area when it has none. */
  points: [string, number, number][];
  /** [record id, field id, geometry] of the lines and areas in view large enough to see, simplified for the zoom. */
  shapes: [string, string, LineAnswer | AreaAnswer][];
  /** Records placed in view: the clusters' counts plus the points. */
  total: number;
  /** Without bbox only: the bounds of every placed matching record and its lines and areas (null when none is placed). */
  extent?: Bbox | null;
  /** Without bbox only: matching records with neither a location nor a line or area answer. */
  withoutLocation?: number;
}

const coordinate = z.number();
/** The answer as a schema (OpenAPI reference, test servers' response check). */
export const mapViewDataSchema: z.ZodType<MapViewData> = z.object({
  clusters: z.array(
    z.tuple([coordinate, coordinate, z.number().int().min(2), coordinate, coordinate, coordinate, coordinate]),
  ),
  points: z.array(z.tuple([z.string(), coordinate, coordinate])),
  shapes: z.array(z.tuple([z.string(), z.string(), storedGeometrySchema])),
  total: z.number().int().min(0),
  extent: z.tuple([coordinate, coordinate, coordinate, coordinate]).nullable().optional(),
  withoutLocation: z.number().int().min(0).optional(),
});

/** GET /api/overview/map-view: the same answer for each application of the overview (/maps), in the reader's scope. */
export interface OverviewMapViewData {
  groups: (MapViewData & { applicationId: string })[];
}

export const overviewMapViewDataSchema: z.ZodType<OverviewMapViewData> = z.object({
  groups: z.array(z.intersection(mapViewDataSchema, z.object({ applicationId: z.string() }))),
});
