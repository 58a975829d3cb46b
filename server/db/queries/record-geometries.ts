/**
 * The line and area answers of records (issue 25): which records have one, and the data map's shapes. A record's
 * geometries are the answers of its application's line and area fields (removed ones too: their answers stay
 * readable) that hold an object; only top-level answers, as the map's points are one per record.
 */
import { sql, type SQL } from "drizzle-orm";
import type { ApplicationsScope, RecordScope } from "./records.ts";

/** Joined as `f` against a record `s`: the application's line and area fields that `s` answered. */
export const GEOMETRY_FIELDS = sql`f.application_id = s.application_id and f.field_type in ('line', 'area')
  and jsonb_typeof(s.answers -> f.id::text) = 'object'`;

/** The applications whose records a scope may reach (their records are still filtered by the scope's condition). */
export function scopeApplicationIds(scope: RecordScope | ApplicationsScope): readonly string[] {
  return "applicationId" in scope ? [scope.applicationId] : [...scope.allOf, ...scope.ownOf];
}

/**
 * The record `s` holds a line or area answer. The scope's line and area field ids are listed once per query (an
 * uncorrelated subquery): a per-record subquery is costed so high that PostgreSQL compiles the whole query with
 * JIT, a second lost on every map request.
 */
export function hasGeometry(scope: RecordScope | ApplicationsScope): SQL {
  const applicationIds = scopeApplicationIds(scope);
  if (applicationIds.length === 0) return sql`false`;
  return sql`(s.answers ?| array(select f.id::text from form_fields f
    where f.field_type in ('line', 'area') and f.application_id in ${applicationIds}))`;
}
