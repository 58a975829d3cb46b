/**
 * The data map per view (issues 25 and 27): one statement, over the records the shared WHERE builder selects, that
 * places each record (its location, or the centre of its first line or area when it has none), and answers with the
 * records themselves when few are in view, or their grid clusters computed in SQL when many are — plain arithmetic,
 * so PGlite and PostgreSQL without PostGIS run it alike. Lines and areas come with their bounds, those in view large
 * enough to see first. Lines and areas answered inside repeats count too: a field's answers are found at any depth.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";
import { recordConditions, type RecordQuery } from "./records.ts";
import {
  MAP_VIEW_RECORD_LIMIT,
  MAP_VIEW_SHAPE_LIMIT,
  type Bbox,
  type MapViewData,
} from "../../../shared/map/map-view.ts";

export interface MapViewRequest {
  /** The view; null: the whole world, with the extent and the unplaced count. */
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

const MAX_LATITUDE = 85.0511;
const mercatorY = (latitude: SQL) =>
  sql`ln(tan(pi() / 4 + radians(least(${MAX_LATITUDE}::float8, greatest(-${MAX_LATITUDE}::float8, ${latitude}))) / 2))`;
const LOCATED = sql`s.latitude is not null and s.longitude is not null`;

/**
 * The line and area answers of the matching records with their bounds. A top-level answer is read by key (cheap, and
 * skipped when the record lacks it); a field inside a group or repeat by a strict `$.**` search, which finds each
 * entry's answer once (lax mode would return some twice).
 */
function shapeRows(conditions: SQL): SQL {
  const coordinates = sql`case g.geometry ->> 'type' when 'Polygon' then g.geometry -> 'coordinates' -> 0 else g.geometry -> 'coordinates' end`;
  const axis = (index: number) =>
    sql`case when jsonb_typeof(v.vertex -> ${index}::int) = 'number' then (v.vertex ->> ${index}::int)::float8 end`;
  return sql`select s.id, s.created_at, f.id as field_id, f.position, ${LOCATED} as located, g.geometry,
      b.west, b.south, b.east, b.north
    from form_submissions s
    join form_fields f on f.application_id = s.application_id and f.field_type in ('line', 'area')
      and (f.parent_name is not null or s.answers ? f.id::text)
    cross join lateral jsonb_path_query(s.answers,
      (case when f.parent_name is null then '$."' else 'strict $.**."' end || f.id::text || '"')::jsonpath, '{}', true) g(geometry)
    cross join lateral (select min(p.x) as west, min(p.y) as south, max(p.x) as east, max(p.y) as north
      from (select ${axis(0)} as x, ${axis(1)} as y
            from jsonb_array_elements(case when jsonb_typeof(${coordinates}) = 'array' then ${coordinates} else '[]'::jsonb end) v(vertex)) p) b
    where ${conditions} and jsonb_typeof(g.geometry) = 'object'`;
}

export async function readMapView(db: Db, query: RecordQuery, request: MapViewRequest): Promise<MapViewRows> {
  const conditions = recordConditions(query);
  const { bbox, cellRadians, minShapeDegrees } = request;
  const inBox = (lon: SQL, lat: SQL) =>
    bbox ? sql`${lon} between ${bbox[0]} and ${bbox[2]} and ${lat} between ${bbox[1]} and ${bbox[3]}` : sql`true`;
  const shapeInView = bbox
    ? sql`sh.west <= ${bbox[2]} and sh.east >= ${bbox[0]} and sh.south <= ${bbox[3]} and sh.north >= ${bbox[1]}`
    : sql`true`;
  // A shape's size on screen: the larger of its width and its Mercator height, both in degrees of longitude.
  const shapeSize = sql`greatest(sh.east - sh.west, degrees(${mercatorY(sql`sh.north`)} - ${mercatorY(sql`sh.south`)}))`;
  const cellX = sql`floor(radians(p.lon + 180) / ${cellRadians}::float8)`;
  const cellY = sql`floor(${mercatorY(sql`p.lat`)} / ${cellRadians}::float8)`;
  const round = (value: SQL) => sql`round((${value})::numeric, 6)`;
  const [row] = await queryRows<MapViewRows>(
    db,
    sql`with shapes as (${shapeRows(conditions)}),
      placed as (
        select s.id, s.created_at, s.longitude as lon, s.latitude as lat from form_submissions s
          where ${conditions} and ${LOCATED} and ${inBox(sql`s.longitude`, sql`s.latitude`)}
        union all
        select * from (select distinct on (sh.id) sh.id, sh.created_at, (sh.west + sh.east) / 2 as lon, (sh.south + sh.north) / 2 as lat
          from shapes sh where not sh.located and sh.west is not null order by sh.id, sh.position) c
          where ${inBox(sql`c.lon`, sql`c.lat`)}
      ),
      counted as (select count(*)::int as total from placed)
    select counted.total,
      case when counted.total <= ${MAP_VIEW_RECORD_LIMIT} then
        (select coalesce(json_agg(json_build_array(p.id, ${round(sql`p.lon`)}, ${round(sql`p.lat`)}) order by p.created_at, p.id), '[]') from placed p)
      end as points,
      case when counted.total > ${MAP_VIEW_RECORD_LIMIT} then
        (select coalesce(json_agg(json_build_array(${round(sql`c.lon`)}, ${round(sql`c.lat`)}, c.count, ${round(sql`c.west`)}, ${round(sql`c.south`)},
            ${round(sql`c.east`)}, ${round(sql`c.north`)}, c.id) order by c.x, c.y), '[]')
          from (select ${cellX} as x, ${cellY} as y, avg(p.lon) as lon, avg(p.lat) as lat, count(*)::int as count,
                  min(p.lon) as west, min(p.lat) as south, max(p.lon) as east, max(p.lat) as north,
                  case when count(*) = 1 then min(p.id::text) end as id
                from placed p group by 1, 2) c)
      end as cells,
      (select coalesce(json_agg(json_build_array(v.id, v.field_id, v.geometry)), '[]')
        from (select sh.id, sh.field_id, sh.geometry from shapes sh
              where sh.west is not null and ${shapeInView} and ${shapeSize} >= ${minShapeDegrees}::float8
              order by ${shapeSize} desc, sh.created_at, sh.id, sh.position limit ${MAP_VIEW_SHAPE_LIMIT}) v) as shapes,
      ${
        bbox
          ? sql`null::json as extent, null::int as "withoutLocation"`
          : sql`(select case when count(*) > 0 then json_build_array(min(p.lon), min(p.lat), max(p.lon), max(p.lat)) end from placed p) as extent,
        ((select count(*) from form_submissions s where ${conditions}) - counted.total)::int as "withoutLocation"`
      }
    from counted`,
  );
  if (!row) throw new Error("the map view query returned no row");
  return row;
}
