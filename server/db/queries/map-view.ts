/**
 * The data map per view (issues 25 and 27): one statement, over the records the shared WHERE builder selects, that
 * answers with the records themselves when few are in view, or their grid clusters computed in SQL when many are —
 * plain arithmetic, so PGlite and PostgreSQL without PostGIS run it alike. It reads only stored numbers: where each
 * record sits (`map_longitude`/`map_latitude`: its location, or the centre of its first line or area) and each line's
 * and area's bounds and size (`submission_shapes`), both kept by triggers whenever a record is written (migration
 * 0016), so a view is an index range scan and a GROUP BY rather than a walk through every record's answers.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";
import { recordConditions, type RecordQuery } from "./records.ts";
import { scopeApplicationIds } from "./record-geometries.ts";
import {
  MAP_VIEW_RECORD_LIMIT,
  MAP_VIEW_SHAPE_LIMIT,
  type Bbox,
  type MapViewData,
} from "../../../shared/map/map-view.ts";

export interface MapViewRequest {
  /** The view; null: the whole world, with the extent (records and their lines and areas) and the unplaced count. */
  bbox: Bbox | null;
  /** The cluster grid's cell, in radians of Web Mercator (shared/map/map-view.ts). */
  cellRadians: number;
  /** Degrees of longitude under which a line or area is too small to draw. */
  minShapeDegrees: number;
}

export interface MapViewRows {
  total: number;
  /** [id, lon, lat] when few records are in view, else null. */
  points: MapViewData["points"] | null;
  /** [lon, lat, count, west, south, east, north, id of a lone record or null] when many are, else null. */
  cells: [number, number, number, number, number, number, number, string | null][] | null;
  shapes: [string, string, unknown][];
  extent: Bbox | null;
  withoutLocation: number | null;
}

/**
 * The view's one statement. The placed records in view are read twice at most (their cells, then the records
 * themselves only when few are in view), from an index that holds every column the cells need; the cells are few (the
 * grid caps them), and the total and the extent come from them. Shapes are read through their application's index,
 * largest first, joined to their records for the filter; for the extent, only those reaching past the records' own
 * bounds need that join.
 */
export function mapViewStatement(query: RecordQuery, request: MapViewRequest): SQL {
  const conditions = recordConditions(query);
  const { bbox, cellRadians, minShapeDegrees } = request;
  const placed = sql`${conditions} and s.map_longitude is not null${
    bbox
      ? sql` and s.map_longitude between ${bbox[0]} and ${bbox[2]} and s.map_latitude between ${bbox[1]} and ${bbox[3]}`
      : sql``
  }`;
  const applicationIds = scopeApplicationIds(query.scope);
  const shapesOfMatching = applicationIds.length
    ? sql`submission_shapes sh join form_submissions s on s.id = sh.submission_id
        where sh.application_id in ${applicationIds} and ${conditions}`
    : sql`submission_shapes sh join form_submissions s on s.id = sh.submission_id where false`;
  const shapeInView = bbox
    ? sql`sh.west <= ${bbox[2]} and sh.east >= ${bbox[0]} and sh.south <= ${bbox[3]} and sh.north >= ${bbox[1]}`
    : sql`true`;
  const cellX = sql`floor(radians(s.map_longitude + 180) / ${cellRadians}::float8)`;
  const cellY = sql`floor(s.map_y / ${cellRadians}::float8)`;
  const round = (value: SQL) => sql`round((${value})::numeric, 6)`;
  // A cell of one record sends that record: the only one placed exactly there (another would share its cell), found
  // by index, rather than casting every record's id to text inside the aggregate.
  const loneRecord = sql`case when c.count = 1 then (select s.id from form_submissions s where ${placed}
    and s.map_longitude = c.west and s.map_latitude = c.south limit 1) end`;
  return sql`with cells as materialized (
        select ${cellX} as x, ${cellY} as y, avg(s.map_longitude) as lon, avg(s.map_latitude) as lat, count(*)::int as count,
          min(s.map_longitude) as west, min(s.map_latitude) as south, max(s.map_longitude) as east, max(s.map_latitude) as north
        from form_submissions s where ${placed} group by 1, 2
      ),
      counted as (select coalesce(sum(c.count), 0)::int as total, min(c.west) as west, min(c.south) as south,
        max(c.east) as east, max(c.north) as north from cells c)
    select counted.total,
      case when counted.total <= ${MAP_VIEW_RECORD_LIMIT} then
        (select coalesce(json_agg(json_build_array(s.id, ${round(sql`s.map_longitude`)}, ${round(sql`s.map_latitude`)})
          order by s.created_at, s.id), '[]') from form_submissions s where ${placed})
      end as points,
      case when counted.total > ${MAP_VIEW_RECORD_LIMIT} then
        (select coalesce(json_agg(json_build_array(${round(sql`c.lon`)}, ${round(sql`c.lat`)}, c.count, ${round(sql`c.west`)}, ${round(sql`c.south`)},
            ${round(sql`c.east`)}, ${round(sql`c.north`)}, ${loneRecord}) order by c.x, c.y), '[]') from cells c)
      end as cells,
      (select coalesce(json_agg(json_build_array(v.submission_id, v.field_id, v.geometry)), '[]')
        from (select sh.submission_id, sh.field_id, sh.geometry from ${shapesOfMatching}
              and ${shapeInView} and sh.size >= ${minShapeDegrees}::float8
              order by sh.size desc, s.created_at, s.id, sh.ordinal limit ${MAP_VIEW_SHAPE_LIMIT}) v) as shapes,
      ${
        bbox
          ? sql`null::json as extent, null::int as "withoutLocation"`
          : sql`(select case when counted.total > 0 then json_build_array(least(counted.west, min(sh.west)), least(counted.south, min(sh.south)),
              greatest(counted.east, max(sh.east)), greatest(counted.north, max(sh.north))) end from ${shapesOfMatching}
            and (sh.west < counted.west or sh.south < counted.south or sh.east > counted.east or sh.north > counted.north)) as extent,
        (select count(*) from form_submissions s where ${conditions} and s.map_longitude is null)::int as "withoutLocation"`
      }
    from counted`;
}

export async function readMapView(db: Db, query: RecordQuery, request: MapViewRequest): Promise<MapViewRows> {
  const [row] = await queryRows<MapViewRows>(db, mapViewStatement(query, request));
  if (!row) throw new Error("the map view query returned no row");
  return row;
}
