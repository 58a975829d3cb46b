/**
 * The line and area answers of records (issue 25): which records have one, and the data map's shapes. A record's
 * geometries are the answers of its application's line and area fields (removed ones too: their answers stay
 * readable) that hold an object; only top-level answers, as the map's points are one per record.
 */
import { sql } from "drizzle-orm";

/** Joined as `f` against a record `s`: the application's line and area fields that `s` answered. */
export const GEOMETRY_FIELDS = sql`f.application_id = s.application_id and f.field_type in ('line', 'area')
  and jsonb_typeof(s.answers -> f.id::text) = 'object'`;

/** The record `s` holds at least one line or area answer. */
export const HAS_GEOMETRY = sql`exists (select 1 from form_fields f where ${GEOMETRY_FIELDS})`;

/** `[[record id, field id, geometry], …]` of the joined rows, oldest record first, fields in form order. */
export const SHAPES = sql`coalesce(json_agg(json_build_array(s.id, f.id, s.answers -> f.id::text)
  order by s.created_at, s.id, f.position), '[]')`;
