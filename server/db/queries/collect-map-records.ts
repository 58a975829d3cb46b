import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";
import { GEOMETRY_FIELDS } from "./record-geometries.ts";
import { recordConditions, type RecordScope } from "./records.ts";
import type { CollectMapRecord } from "../../../shared/map/collect-map-records.ts";

interface Row {
  id: string;
  createdAt: string;
  longitude: number | null;
  latitude: number | null;
  shapes: CollectMapRecord["shapes"];
}

/** The latest `limit` records of the scope that have a location or a line or area answer, newest first. */
export async function latestMappedRecords(db: Db, scope: RecordScope, limit: number): Promise<CollectMapRecord[]> {
  const conditions = recordConditions({ scope, filter: { fields: {} }, fieldTypes: new Map(), locatedOnly: true });
  const rows = await queryRows<Row>(
    db,
    sql`select s.id, to_json(s.created_at)#>>'{}' as "createdAt", s.longitude, s.latitude,
          (select coalesce(json_agg(s.answers -> f.id::text order by f.position), '[]'::json)
             from form_fields f where ${GEOMETRY_FIELDS}) as shapes
        from form_submissions s where ${conditions}
        order by s.created_at desc, s.id desc limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.createdAt).toISOString(),
    location: row.longitude !== null && row.latitude !== null ? [row.longitude, row.latitude] : null,
    shapes: row.shapes,
  }));
}
