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

const MAX_LATITUDE = 85.0511;
const mercatorY = (latitude: SQL) =>
  sql`ln(tan(pi() / 4 + radians(least(${MAX_LATITUDE}::float8, greatest(-${MAX_LATITUDE}::float8, ${latitude}))) / 2))`;
const LOCATED = sql`s.latitude is not null and s.longitude is not null`;

/** The application's line and area fields, in form order: answered at the top level, or inside repeats' entries. */
export interface GeometryFields {
  topLevel: readonly string[];
  nested: readonly string[];
}

const fieldRows = (ids: readonly string[], offset: number) =>
  sql`(values ${sql.join(
    ids.map((id, index) => sql`(${id}::text, ${offset + index}::int)`),
    sql`, `,
  )}) f(id, position)`;

/**
 * The line and area answers of the matching records, with their bounds. A top-level answer is read by key, a
 * repeat's by a strict `$.**` search that finds each entry's answer once (lax mode returns some twice). The fields
 * come as a VALUES list rather than a join on form_fields: the planner then knows how few they are, and does not
 * cost the per-record work so high that PostgreSQL JIT-compiles the statement (seconds per request).
 */
function shapeRows(conditions: SQL, fields: GeometryFields): SQL {
  const columns = sql`s.id, s.created_at, f.id as field_id, f.position, ${LOCATED} as located`;
  const parts: SQL[] = [];
  if (fields.topLevel.length)
    parts.push(sql`select ${columns}, s.answers -> f.id as geometry from form_submissions s cross join ${fieldRows(fields.topLevel, 0)}
      where ${conditions} and s.answers ?| array[${sql.join(
        fields.topLevel.map((id) => sql`${id}::text`),
        sql`, `,
      )}] and jsonb_typeof(s.answers -> f.id) = 'object'`);
  if (fields.nested.length)
    parts.push(sql`select ${columns}, g.geometry from form_submissions s cross join ${fieldRows(fields.nested, fields.topLevel.length)}
      cross join lateral jsonb_path_query(s.answers, ('strict $.**."' || f.id || '"')::jsonpath, '{}', true) g(geometry)
      where ${conditions} and jsonb_typeof(g.geometry) = 'object'`);
  if (!parts.length)
    return sql`select null::uuid as id, null::timestamptz as created_at, null::text as field_id, null::int as position,
      null::boolean as located, null::jsonb as geometry, null::float8 as west, null::float8 as south, null::float8 as east,
      null::float8 as north where false`;
  // Stored answers passed the shared geometry schema (shared/geo/geometry-answer.ts): positions are number pairs.
  const ring = sql`case a.geometry ->> 'type' when 'Polygon' then a.geometry -> 'coordinates' -> 0 else a.geometry -> 'coordinates' end`;
  return sql`select a.*, b.west, b.south, b.east, b.north from (${sql.join(parts, sql` union all `)}) a
    cross join lateral (select min((v.vertex ->> 0)::float8) as west, min((v.vertex ->> 1)::float8) as south,
        max((v.vertex ->> 0)::float8) as east, max((v.vertex ->> 1)::float8) as north
      from jsonb_array_elements(${ring}) v(vertex)) b
    where jsonb_typeof(${ring}) = 'array'`;
}

/**
 * The view's one statement. The placed records are read twice at most (their cells, then the records themselves only
 * when few are in view) and never materialised: 100k rows would spill to disk. The cells are few (the grid caps them),
 * and the total and the extent come from them.
 */
export function mapViewStatement(query: RecordQuery, fields: GeometryFields, request: MapViewRequest): SQL {
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
  return sql`with shapes as materialized (${shapeRows(conditions, fields)}),
      placed as not materialized (
        select s.id, s.created_at, s.longitude as lon, s.latitude as lat from form_submissions s
          where ${conditions} and ${LOCATED} and ${inBox(sql`s.longitude`, sql`s.latitude`)}
        union all
        select * from (select distinct on (sh.id) sh.id, sh.created_at, (sh.west + sh.east) / 2 as lon, (sh.south + sh.north) / 2 as lat
          from shapes sh where not sh.located and sh.west is not null order by sh.id, sh.position) c
          where ${inBox(sql`c.lon`, sql`c.lat`)}
      ),
      cells as materialized (
        select ${cellX} as x, ${cellY} as y, avg(p.lon) as lon, avg(p.lat) as lat, count(*)::int as count,
          min(p.lon) as west, min(p.lat) as south, max(p.lon) as east, max(p.lat) as north,
          case when count(*) = 1 then min(p.id::text) end as id
        from placed p group by 1, 2
      ),
      counted as (select coalesce(sum(c.count), 0)::int as total, min(c.west) as west, min(c.south) as south,
        max(c.east) as east, max(c.north) as north from cells c)
    select counted.total,
      case when counted.total <= ${MAP_VIEW_RECORD_LIMIT} then
        (select coalesce(json_agg(json_build_array(p.id, ${round(sql`p.lon`)}, ${round(sql`p.lat`)}) order by p.created_at, p.id), '[]') from placed p)
      end as points,
      case when counted.total > ${MAP_VIEW_RECORD_LIMIT} then
        (select coalesce(json_agg(json_build_array(${round(sql`c.lon`)}, ${round(sql`c.lat`)}, c.count, ${round(sql`c.west`)}, ${round(sql`c.south`)},
            ${round(sql`c.east`)}, ${round(sql`c.north`)}, c.id) order by c.x, c.y), '[]') from cells c)
      end as cells,
      (select coalesce(json_agg(json_build_array(v.id, v.field_id, v.geometry)), '[]')
        from (select sh.id, sh.field_id, sh.geometry from shapes sh
              where sh.west is not null and ${shapeInView} and ${shapeSize} >= ${minShapeDegrees}::float8
              order by ${shapeSize} desc, sh.created_at, sh.id, sh.position limit ${MAP_VIEW_SHAPE_LIMIT}) v) as shapes,
      ${
        bbox
          ? sql`null::json as extent, null::int as "withoutLocation"`
          : sql`(select case when counted.total > 0 then json_build_array(least(counted.west, min(sh.west)), least(counted.south, min(sh.south)),
              greatest(counted.east, max(sh.east)), greatest(counted.north, max(sh.north))) end from shapes sh) as extent,
        ((select count(*) from form_submissions s where ${conditions}) - counted.total)::int as "withoutLocation"`
      }
    from counted`;
}

export async function readMapView(
  db: Db,
  query: RecordQuery,
  fields: GeometryFields,
  request: MapViewRequest,
): Promise<MapViewRows> {
  const [row] = await queryRows<MapViewRows>(db, mapViewStatement(query, fields, request));
  if (!row) throw new Error("the map view query returned no row");
  return row;
}
