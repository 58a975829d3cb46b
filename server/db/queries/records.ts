/**
 * Reading records for the data page and the exports: one WHERE clause built from the shared filter
 * (shared/records/record-filter.ts) serves the list, the count, the map, the charts (charts.ts) and the exports,
 * so they can never disagree about which records match.
 *
 * Paging is keyset on (sort key, id), never OFFSET: page 500 costs what page 1 costs, and the exports walk every
 * matching record in pages of a few thousand with flat memory. Created-at paging rides the
 * (application_id, created_at, id) index. Text search is `answers::text ILIKE` — a scan of the application's rows,
 * fine at 100k records per application (see docs/benchmarks.md); a trigram index would be the next step.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client.ts";
import { queryRows } from "../query-rows.ts";
import { forEachRow } from "../row-stream.ts";
import { hasGeometry } from "./record-geometries.ts";
import {
  afterSortSql,
  conditionSql,
  sortSql,
  sortValuesSql,
  type RecordExpression,
  type SortKey,
} from "./record-expression.ts";
import type { RecordFilter, RecordOrder, RecordSort } from "../../../shared/records/record-filter.ts";
import type { ReviewState } from "../../../shared/records/review-states.ts";

/** Whose records: the application, and for collaborators only the reader's own (policies' submitterScope). */
export interface RecordScope {
  applicationId: string;
  submitterId: string | undefined;
}

/**
 * Several applications at once (the /data, /maps and /dashboard overviews): every record of `allOf`, and only the
 * reader's own records of `ownOf` (the applications where the reader is a collaborator).
 */
export interface ApplicationsScope {
  allOf: readonly string[];
  ownOf: readonly string[];
  submitterId: string;
}

export interface RecordQuery {
  scope: RecordScope | ApplicationsScope;
  filter: RecordFilter;
  /** Field id → field type, for the per-field conditions (validated by the caller). */
  fieldTypes: ReadonlyMap<string, string>;
  /** Only records with a location or a line or area answer (KML has nothing to place otherwise). */
  locatedOnly?: boolean;
  /** A typed condition on top of the filter: the OData feed's `$filter` (record-expression.ts). */
  expression?: RecordExpression;
}

export interface RecordRow {
  id: string;
  applicationId: string;
  submitterId: string | null;
  submitterName: string | null;
  submitterEmail: string | null;
  /** The public link a visitor sent it through (then no submitter), and that link's name. */
  publicLinkId: string | null;
  publicLinkName: string | null;
  answers: Record<string, unknown>;
  reviewState: ReviewState;
  latitude: number | null;
  longitude: number | null;
  locationAccuracy: number | null;
  locationTimestamp: string | null;
  clientCreatedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The form version the record was collected with (its attached files give its choices' labels). */
  formVersion: number;
  /** The sort key as PostgreSQL prints it (created_at keeps its microseconds), for the next page's cursor. */
  sortKey: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function dateBound(value: string, side: "from" | "to"): SQL {
  if (value.length === 10) {
    // A bare date is a whole UTC day; the web sends instants built from the reader's local days.
    return side === "from"
      ? sql`s.created_at >= (${value}::date)::timestamp at time zone 'UTC'`
      : sql`s.created_at < (${value}::date + 1)::timestamp at time zone 'UTC'`;
  }
  return side === "from" ? sql`s.created_at >= ${value}::timestamptz` : sql`s.created_at <= ${value}::timestamptz`;
}

function numericAnswer(fieldId: string): SQL {
  return sql`(case when jsonb_typeof(s.answers -> ${fieldId}) = 'number' then (s.answers ->> ${fieldId})::numeric end)`;
}

function fieldCondition(fieldId: string, fieldType: string, condition: RecordFilter["fields"][string]): SQL {
  if (condition.kind === "range") {
    const parts: SQL[] = [sql`${numericAnswer(fieldId)} is not null`];
    if (condition.min !== undefined) parts.push(sql`${numericAnswer(fieldId)} >= ${condition.min}`);
    if (condition.max !== undefined) parts.push(sql`${numericAnswer(fieldId)} <= ${condition.max}`);
    return sql.join(parts, sql` and `);
  }
  if (fieldType === "multiple_choice")
    return sql`(s.answers -> ${fieldId}) @> ${JSON.stringify([condition.value])}::jsonb`;
  if (fieldType === "yes_no")
    return sql`(s.answers -> ${fieldId}) = ${condition.value === "true" ? "true" : "false"}::jsonb`;
  return sql`(s.answers ->> ${fieldId}) = ${condition.value}`;
}

const LOCATED = sql`s.latitude is not null and s.longitude is not null`;

function scopeCondition(scope: RecordScope | ApplicationsScope): SQL {
  if ("applicationId" in scope) {
    const application = sql`s.application_id = ${scope.applicationId}::uuid`;
    return scope.submitterId === undefined
      ? application
      : sql`${application} and s.submitter_id = ${scope.submitterId}::uuid`;
  }
  const parts: SQL[] = [];
  // drizzle writes an array parameter as a parenthesised list of parameters.
  if (scope.allOf.length) parts.push(sql`s.application_id in ${scope.allOf}`);
  if (scope.ownOf.length)
    parts.push(sql`(s.application_id in ${scope.ownOf} and s.submitter_id = ${scope.submitterId}::uuid)`);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** The WHERE clause shared by every reader of records (table alias `s`). */
export function recordConditions(query: RecordQuery): SQL {
  const { scope, filter, fieldTypes } = query;
  const parts: SQL[] = [scopeCondition(scope)];
  if (filter.submitter) parts.push(sql`s.submitter_id = ${filter.submitter}::uuid`);
  if (filter.link) parts.push(sql`s.public_link_id = ${filter.link}::uuid`);
  if (filter.from) parts.push(dateBound(filter.from, "from"));
  if (filter.to) parts.push(dateBound(filter.to, "to"));
  if (filter.q) parts.push(sql`s.answers::text ilike ${`%${escapeLike(filter.q)}%`}`);
  if (filter.review) parts.push(sql`s.review_state = ${filter.review}`);
  for (const [fieldId, condition] of Object.entries(filter.fields)) {
    parts.push(fieldCondition(fieldId, fieldTypes.get(fieldId) ?? "", condition));
  }
  if (query.locatedOnly) parts.push(sql`(${LOCATED} or ${hasGeometry(query.scope)})`);
  if (query.expression) parts.push(conditionSql(query.expression));
  return sql.join(parts, sql` and `);
}

export async function countRecords(db: Db, query: RecordQuery): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from form_submissions s where ${recordConditions(query)}`,
  );
  return row?.total ?? 0;
}

export interface PageRequest {
  sort: RecordSort;
  order: RecordOrder;
  /** The last row of the previous page: its sort key and id. */
  after?: { key: string; id: string };
  limit: number;
}

const ISO = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The records with who sent them: a member, or a public link. */
const AUTHORS = sql`from form_submissions s left join users u on u.id = s.submitter_id
        left join public_links pl on pl.id = s.public_link_id`;

const RECORD_COLUMNS = sql`s.id, s.application_id as "applicationId", s.submitter_id as "submitterId", u.name as "submitterName",
          u.email as "submitterEmail", s.public_link_id as "publicLinkId", pl.name as "publicLinkName", s.answers, s.review_state as "reviewState", s.latitude, s.longitude, s.location_accuracy as "locationAccuracy",
          ${ISO("s.location_timestamp")} as "locationTimestamp", ${ISO("s.client_created_at")} as "clientCreatedAt",
          ${ISO("s.created_at")} as "createdAt", ${ISO("s.updated_at")} as "updatedAt", s.form_version as "formVersion"`;

/** One page of records with their submitters, in (sort key, id) order. */
export async function listRecordPage(db: Db, query: RecordQuery, page: PageRequest): Promise<RecordRow[]> {
  const sortExpression = page.sort === "submitter" ? sql`coalesce(u.name, '')` : sql`s.created_at`;
  const keyText = page.sort === "submitter" ? sql`coalesce(u.name, '')` : sql`s.created_at::text`;
  const direction = sql.raw(page.order === "asc" ? "asc" : "desc");
  const conditions = [recordConditions(query)];
  if (page.after) {
    const key = page.sort === "submitter" ? sql`${page.after.key}::text` : sql`${page.after.key}::timestamptz`;
    conditions.push(
      page.order === "asc"
        ? sql`(${sortExpression}, s.id) > (${key}, ${page.after.id}::uuid)`
        : sql`(${sortExpression}, s.id) < (${key}, ${page.after.id}::uuid)`,
    );
  }
  return queryRows<RecordRow>(
    db,
    sql`select ${RECORD_COLUMNS}, ${keyText} as "sortKey"
        ${AUTHORS}
        where ${sql.join(conditions, sql` and `)}
        order by ${sortExpression} ${direction}, s.id ${direction}
        limit ${page.limit}`,
  );
}

/**
 * What an export writes of a record. `answers` holds the answers of the exported fields in their order (a JSON
 * array without the field ids as keys is half the text to parse). The instants are PostgreSQL's own text in the
 * UTC session ("2026-01-01 00:00:01.123456+00"; see timestamp-text.ts): casting costs the database a fraction of
 * to_char, and created_at's text is also the next page's key.
 */
export interface ExportRow {
  id: string;
  submitterName: string | null;
  submitterEmail: string | null;
  publicLinkName: string | null;
  answers: unknown[];
  reviewState: ReviewState;
  latitude: number | null;
  longitude: number | null;
  locationAccuracy: number | null;
  createdText: string;
  updatedText: string;
  /** The values of the page's sort keys as text, when it is sorted by more than its creation (the next cursor). */
  sortValues?: (string | null)[];
}

/** Where a page starts: after this record, in created-at order, or in the sort keys' order (their values). */
export interface ExportCursor {
  key: string;
  id: string;
  values?: readonly (string | null)[];
}

/**
 * How a page travels: as rows (node-postgres parses them fast, and the server streams them while it works), or as
 * one JSON text per page (PGlite's wire-protocol parser costs more per row than the database itself; JSON.parse
 * of one text is native).
 */
export type ExportPageShape = "rows" | "json";

type ExportTuple = [
  string,
  string | null,
  string | null,
  string | null,
  unknown[],
  ReviewState,
  number | null,
  number | null,
  number | null,
  string,
  string,
  (string | null)[],
];

/**
 * One page of an export, oldest first (keyset on the (application_id, created_at, id) index), only the exported
 * columns; or in the order of `sort` (the OData feed's $orderby), then oldest first among equal keys.
 */
function exportPageSql(
  query: RecordQuery,
  fieldIds: readonly string[],
  after: ExportCursor | undefined,
  limit: number,
  sort: readonly SortKey[],
): SQL {
  const conditions = [recordConditions(query)];
  if (after) {
    const created = sql`(s.created_at, s.id) > (${after.key}::timestamptz, ${after.id}::uuid)`;
    conditions.push(sort.length === 0 ? created : afterSortSql(sort, after.values ?? [], created));
  }
  const sorted = sort.length > 0;
  const order = sql.join([...sortSql(sort), sql`s.created_at`, sql`s.id`], sql`, `);
  const answers = sql.join(
    fieldIds.map((id) => sql`s.answers -> ${id}::text`),
    sql`, `,
  );
  return sql`select s.id, u.name as "submitterName", u.email as "submitterEmail", pl.name as "publicLinkName", jsonb_build_array(${answers}) as answers, s.review_state as "reviewState", s.latitude, s.longitude,
          s.location_accuracy as "locationAccuracy", s.created_at::text as "createdText", s.updated_at::text as "updatedText"${sorted ? sql`, ${sortValuesSql(sort)} as "sortValues", row_number() over (order by ${order}) as n` : sql``}
        ${AUTHORS}
        where ${sql.join(conditions, sql` and `)}
        order by ${order}
        limit ${limit}`;
}

/** One export page in created-at order, each row handed to `onRow` as it arrives and kept by nobody (forEachRow). */
export function streamExportPage(
  db: Db,
  query: RecordQuery,
  fieldIds: readonly string[],
  after: ExportCursor | undefined,
  limit: number,
  onRow: (row: ExportRow) => void,
): Promise<number> {
  return forEachRow(db, exportPageSql(query, fieldIds, after, limit, []), onRow);
}

/** One page of an export as a list (exportPageSql), travelling as rows or as one JSON text (ExportPageShape). */
export async function listExportPage(
  db: Db,
  query: RecordQuery,
  fieldIds: readonly string[],
  after: ExportCursor | undefined,
  limit: number,
  shape: ExportPageShape = "rows",
  sort: readonly SortKey[] = [],
): Promise<ExportRow[]> {
  const sorted = sort.length > 0;
  const page = exportPageSql(query, fieldIds, after, limit, sort);
  if (shape === "rows") return queryRows<ExportRow>(db, page);
  const [result] = await queryRows<{ page: string }>(
    db,
    sql`select coalesce(json_agg(json_build_array(p.id, p."submitterName", p."submitterEmail", p."publicLinkName", p.answers, p."reviewState", p.latitude, p.longitude,
          p."locationAccuracy", p."createdText", p."updatedText"${sorted ? sql`, p."sortValues"` : sql``}) order by ${sorted ? sql`p.n` : sql`p."createdText"::timestamptz, p.id`}), '[]')::text as page from (${page}) p`,
  );
  return (JSON.parse(result?.page ?? "[]") as ExportTuple[]).map(
    ([
      id,
      submitterName,
      submitterEmail,
      publicLinkName,
      answers,
      reviewState,
      latitude,
      longitude,
      locationAccuracy,
      createdText,
      updatedText,
      sortValues,
    ]) => ({
      id,
      submitterName,
      submitterEmail,
      publicLinkName,
      answers,
      reviewState,
      latitude,
      longitude,
      locationAccuracy,
      createdText,
      updatedText,
      ...(sortValues ? { sortValues } : {}),
    }),
  );
}

export async function findRecord(db: Db, scope: RecordScope, id: string): Promise<RecordRow | undefined> {
  const query: RecordQuery = { scope, filter: { fields: {} }, fieldTypes: new Map() };
  const [row] = await queryRows<RecordRow>(
    db,
    sql`select ${RECORD_COLUMNS}, s.created_at::text as "sortKey"
        ${AUTHORS}
        where ${recordConditions(query)} and s.id = ${id}::uuid`,
  );
  return row;
}

export interface SubmitterOption {
  id: string;
  name: string;
  email: string;
}

/** People who submitted records to these applications (the administrators' submitter filter). */
export async function listSubmitters(db: Db, applicationIds: readonly string[]): Promise<SubmitterOption[]> {
  if (applicationIds.length === 0) return [];
  return queryRows<SubmitterOption>(
    db,
    sql`select u.id, u.name, u.email from users u
        where u.id in (select distinct s.submitter_id from form_submissions s where s.application_id in ${applicationIds})
        order by lower(u.name), u.id`,
  );
}

/**
 * Deletes one record (its attachment links cascade, and media no other record uses go with them); returns whether
 * it existed in that application.
 */
/** Deletes one record; answers the removed record's answers, or undefined when there was none. */
export async function deleteRecord(
  db: Db,
  applicationId: string,
  id: string,
): Promise<{ id: string; answers: Record<string, unknown> } | undefined> {
  const [row] = await queryRows<{ id: string; answers: Record<string, unknown> }>(
    db,
    sql`delete from form_submissions where application_id = ${applicationId}::uuid and id = ${id}::uuid returning id, answers`,
  );
  return row;
}

export interface RecordFieldRow {
  id: string;
  label: string;
  name: string;
  parentName: string | null;
  fieldType: string;
  config: Record<string, unknown> | null;
  removed: boolean;
}

/**
 * The columns of the data page and the exports: the live fields in form order, then fields removed from the form
 * whose answers some record still holds (in removal order), flagged `removed`. A removed field inside a repeat
 * holds its answers in the repeat's entries: the jsonpath `$.*[*].**."<id>"` finds the key in any entry of any
 * repeat answer, at any depth of inner repeats (lax mode skips answers that are not lists of objects).
 */
export async function listRecordFields(db: Db, applicationId: string): Promise<RecordFieldRow[]> {
  return queryRows<RecordFieldRow>(
    db,
    sql`select f.id, f.label, f.name, f.parent_name as "parentName", f.field_type as "fieldType", f.config, f.deleted_at is not null as removed
        from form_fields f
        where f.application_id = ${applicationId}::uuid
          and (f.deleted_at is null
               or exists (select 1 from form_submissions s where s.application_id = f.application_id and jsonb_exists(s.answers, f.id::text))
               or (f.parent_name is not null
                   and exists (select 1 from form_submissions s where s.application_id = f.application_id
                                 and s.answers @? ('$.*[*].**."' || f.id::text || '"')::jsonpath)))
        order by (f.deleted_at is not null), f.deleted_at, f.position, f.created_at`,
  );
}
