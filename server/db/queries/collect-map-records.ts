import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";
import { GEOMETRY_FIELDS, hasGeometry } from "./record-geometries.ts";
import { recordConditions, type RecordScope } from "./records.ts";
import type { CollectMapRecord } from "../../../shared/map/collect-map-records.ts";

interface Row {
  id: string;
  createdAt: string;
  longitude: number | null;
  latitude: number | null;
  shapes: CollectMapRecord["shapes"];
}

/**
 * The latest `limit` records of the scope that have a place on the map, newest first: the record's location, else
 * its first GPS answer (a form whose point question is the record's place), and its line and area answers.
 */
export async function latestMappedRecords(db: Db, scope: RecordScope, limit: number): Promise<CollectMapRecord[]> {
  const conditions = recordConditions({ scope, filter: { fields: {} }, fieldTypes: new Map() });
  const rows = await queryRows<Row>(
    db,
    sql`select s.id, to_json(s.created_at)#>>'{}' as "createdAt",
          coalesce(s.longitude, gps.longitude) as longitude, coalesce(s.latitude, gps.latitude) as latitude,
          (select coalesce(json_agg(s.answers -> f.id::text order by f.position), '[]'::json)
             from form_fields f where ${GEOMETRY_FIELDS}) as shapes
        from form_submissions s
        left join lateral (
          select (s.answers -> f.id::text ->> 'longitude')::float8 as longitude,
                 (s.answers -> f.id::text ->> 'latitude')::float8 as latitude
            from form_fields f
           where f.application_id = s.application_id and f.field_type = 'gps'
             and jsonb_typeof(s.answers -> f.id::text) = 'object'
           order by f.position limit 1) gps on true
        where ${conditions}
          and ((s.latitude is not null and s.longitude is not null) or gps.latitude is not null or ${hasGeometry(scope)})
        order by s.created_at desc, s.id desc limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.createdAt).toISOString(),
    location: row.longitude !== null && row.latitude !== null ? [row.longitude, row.latitude] : null,
    shapes: row.shapes,
  }));
}
