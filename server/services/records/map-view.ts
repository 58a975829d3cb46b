import { simplify } from "@turf/simplify";
import type { Position } from "geojson";
import type { Db } from "../../db/client.ts";
import type { RecordQuery } from "../../db/queries/records.ts";
import { readMapView } from "../../db/queries/map-view.ts";
import {
  MIN_SHAPE_PX,
  WORLD,
  clusterCellRadians,
  degreesPerPixel,
  type MapViewData,
  type MapViewQuery,
} from "../../../shared/map/map-view.ts";
import type { AreaAnswer, LineAnswer } from "../../../shared/geo/geometry-answer.ts";

/** Half a pixel: a simplified shape differs from its answer by less than the screen can show. */
const SIMPLIFY_PX = 0.5;

const roundPositions = (positions: Position[]): [number, number][] =>
  positions.map(([lon = 0, lat = 0]) => [Math.round(lon * 1e6) / 1e6, Math.round(lat * 1e6) / 1e6]);

/** A line or area as the zoom shows it: fewer vertices (Douglas–Peucker at half a pixel), no altitude. */
export function simplifyForZoom(geometry: LineAnswer | AreaAnswer, zoom: number): LineAnswer | AreaAnswer {
  const tolerance = SIMPLIFY_PX * degreesPerPixel(zoom);
  if (geometry.type === "LineString") {
    const line = simplify({ type: "LineString", coordinates: geometry.coordinates }, { tolerance });
    return { type: "LineString", coordinates: roundPositions(line.coordinates) };
  }
  const area = simplify({ type: "Polygon", coordinates: geometry.coordinates }, { tolerance });
  return { type: "Polygon", coordinates: [roundPositions(area.coordinates[0] ?? [])] };
}

/**
 * The data map's view (issues 25 and 27): the records in view one by one when few, else their clusters (a cluster of
 * one is sent as its record), and the lines and areas large enough to see at this zoom, simplified for it.
 */
export async function loadMapView(db: Db, query: RecordQuery, view: MapViewQuery): Promise<MapViewData> {
  const bbox = view.bbox ?? null;
  const rows = await readMapView(db, query, {
    bbox,
    cellRadians: clusterCellRadians(view.zoom, bbox ?? WORLD),
    minShapeDegrees: MIN_SHAPE_PX * degreesPerPixel(view.zoom),
  });
  const clusters: MapViewData["clusters"] = [];
  const points: MapViewData["points"] = rows.points ?? [];
  for (const [lon, lat, count, west, south, east, north, id] of rows.cells ?? []) {
    if (id !== null && count === 1) points.push([id, lon, lat]);
    else clusters.push([lon, lat, count, west, south, east, north]);
  }
  const data: MapViewData = {
    clusters,
    points,
    shapes: rows.shapes.map(([id, fieldId, geometry]) => [
      id,
      fieldId,
      simplifyForZoom(geometry as LineAnswer | AreaAnswer, view.zoom),
    ]),
    total: rows.total,
  };
  if (!bbox) {
    data.extent = rows.extent;
    data.withoutLocation = rows.withoutLocation ?? 0;
  }
  return data;
}
