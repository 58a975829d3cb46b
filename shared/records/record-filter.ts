import { z } from "zod";
import { isValidDate } from "../fields/answer-validation.ts";
import { isReviewState, type ReviewState } from "./review-states.ts";

/**
 * The one filter of the data page. The web keeps it in the page URL (so a view can be shared), sends the same
 * search parameters to the list, map, charts and export endpoints, and the server parses them here:
 *
 *   from=2026-05-01&to=2026-05-31     created_at range; a bare date covers that whole day, an ISO instant is exact
 *   submitter=<user uuid>             administrators only (collaborators are scoped to themselves anyway)
 *   link=<public link uuid>           records sent through that public link (administrators only, as submitter)
 *   q=texto                           case-insensitive search over every answer
 *   review=has_issues                 review state (shared/records/review-states.ts)
 *   f.<fieldId>=Opção                 single choice equality, multiple choice "contains", yes/no "true"/"false"
 *   f.<fieldId>.min=1&f.<fieldId>.max=9   numeric range (inclusive)
 */
export interface RecordFilter {
  from?: string;
  to?: string;
  submitter?: string;
  link?: string;
  q?: string;
  review?: ReviewState;
  fields: Record<string, FieldCondition>;
}

export type FieldCondition = { kind: "equals"; value: string } | { kind: "range"; min?: number; max?: number };

export const SEARCH_MAX_LENGTH = 200;
const FIELD_PREFIX = "f.";
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A bare calendar day or an ISO instant, either on a day that exists (2020-02-31 and 2020-13-45 do not). */
const boundSchema = z
  .union([z.string().regex(DATE_PATTERN), z.iso.datetime({ offset: true })])
  .refine((value) => isValidDate(value.slice(0, 10)));

/** Parameters the filter owns; anything else (tab, sort, cursor, lang…) belongs to the caller. */
export function isFilterParam(name: string): boolean {
  return ["from", "to", "submitter", "link", "q", "review"].includes(name) || name.startsWith(FIELD_PREFIX);
}

export interface FilterIssue {
  param: string;
  message: string;
}

export type ParsedFilter = { ok: true; filter: RecordFilter } | { ok: false; issues: FilterIssue[] };

/** Reads a filter from search parameters; empty values mean "no condition". */
export function parseRecordFilter(params: URLSearchParams): ParsedFilter {
  const filter: RecordFilter = { fields: {} };
  const issues: FilterIssue[] = [];
  for (const [name, raw] of params) {
    const value = raw.trim();
    if (value === "" || !isFilterParam(name)) continue;
    if (name === "from" || name === "to") {
      if (boundSchema.safeParse(value).success) filter[name] = value;
      else issues.push({ param: name, message: "Expected YYYY-MM-DD or an ISO 8601 instant" });
    } else if (name === "submitter") {
      if (UUID_PATTERN.test(value)) filter.submitter = value.toLowerCase();
      else issues.push({ param: name, message: "Expected a user id" });
    } else if (name === "link") {
      if (UUID_PATTERN.test(value)) filter.link = value.toLowerCase();
      else issues.push({ param: name, message: "Expected a public link id" });
    } else if (name === "q") {
      if (value.length <= SEARCH_MAX_LENGTH) filter.q = value;
      else issues.push({ param: name, message: `At most ${SEARCH_MAX_LENGTH} characters` });
    } else if (name === "review") {
      if (isReviewState(value)) filter.review = value;
      else issues.push({ param: name, message: "Expected a review state" });
    } else {
      readFieldParam(filter, name.slice(FIELD_PREFIX.length), value, issues, name);
    }
  }
  return issues.length ? { ok: false, issues } : { ok: true, filter };
}

function readFieldParam(filter: RecordFilter, rest: string, value: string, issues: FilterIssue[], param: string): void {
  const [fieldId = "", bound] = rest.split(".", 2);
  if (!UUID_PATTERN.test(fieldId) || (bound !== undefined && bound !== "min" && bound !== "max")) {
    issues.push({ param, message: "Expected f.<field id>, f.<field id>.min or f.<field id>.max" });
    return;
  }
  const id = fieldId.toLowerCase();
  if (bound === undefined) {
    if (value.length > SEARCH_MAX_LENGTH) issues.push({ param, message: `At most ${SEARCH_MAX_LENGTH} characters` });
    else filter.fields[id] = { kind: "equals", value };
    return;
  }
  const number = Number(value);
  if (!Number.isFinite(number)) {
    issues.push({ param, message: "Expected a number" });
    return;
  }
  const existing = filter.fields[id];
  const range = existing?.kind === "range" ? existing : { kind: "range" as const };
  filter.fields[id] = { ...range, [bound]: number };
}

/** Writes a filter back to search parameters, in a stable order (the URL and the query keys use it). */
export function recordFilterParams(filter: RecordFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.submitter) params.set("submitter", filter.submitter);
  if (filter.link) params.set("link", filter.link);
  if (filter.q) params.set("q", filter.q);
  if (filter.review) params.set("review", filter.review);
  for (const id of Object.keys(filter.fields).sort()) {
    const condition = filter.fields[id];
    if (!condition) continue;
    if (condition.kind === "equals") params.set(`${FIELD_PREFIX}${id}`, condition.value);
    else {
      if (condition.min !== undefined) params.set(`${FIELD_PREFIX}${id}.min`, String(condition.min));
      if (condition.max !== undefined) params.set(`${FIELD_PREFIX}${id}.max`, String(condition.max));
    }
  }
  return params;
}

export function isEmptyFilter(filter: RecordFilter): boolean {
  return recordFilterParams(filter).size === 0;
}

/** How many filters are set (a number range counts once): the phone's collapsed filter button shows it. */
export function activeFilterCount(filter: RecordFilter): number {
  const set = [filter.from, filter.to, filter.submitter, filter.link, filter.q, filter.review].filter(Boolean).length;
  return set + Object.keys(filter.fields).length;
}

/** Field types a per-field filter applies to, and how. */
export function filterKindOf(fieldType: string): "choice" | "yes_no" | "number" | null {
  if (fieldType === "single_choice" || fieldType === "multiple_choice") return "choice";
  if (fieldType === "yes_no") return "yes_no";
  if (fieldType === "number") return "number";
  return null;
}

/** Sorting of the record list (keyset paging runs on (sort key, id)). */
export const RECORD_SORTS = ["createdAt", "submitter"] as const;
export type RecordSort = (typeof RECORD_SORTS)[number];
export const RECORD_ORDERS = ["asc", "desc"] as const;
export type RecordOrder = (typeof RECORD_ORDERS)[number];
export const RECORD_PAGE_MAX = 200;
export const RECORD_PAGE_DEFAULT = 50;
/** The list's order when the data page's address names none. */
export const RECORD_SORT_DEFAULT: RecordSort = "createdAt";
export const RECORD_ORDER_DEFAULT: RecordOrder = "desc";

/** The data page's filter (its search string, shared by every tab) as query parameters; each name appears once. */
export function filterParams(filter: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(filter));
}

/** The record list's query without its paging: what its cache key holds, since every page shares one key. */
export function recordsListQuery(filter: string, sort: RecordSort, order: RecordOrder): Record<string, string> {
  return { ...filterParams(filter), sort, order };
}

/**
 * The query of one page of an application's record list: the list's query, then the cursor and the size. The app's
 * list asks with it and the server's index.html preloads the first page with it (shared/route-reads.ts): a preload
 * is used only by a request for the very same address.
 */
export function recordsPageQuery(
  filter: string,
  page: { sort: RecordSort; order: RecordOrder; cursor?: string; limit: number },
): Record<string, string | number | undefined> {
  return { ...recordsListQuery(filter, page.sort, page.order), cursor: page.cursor, limit: page.limit };
}

export const TIMELINE_INTERVALS = ["day", "week", "month"] as const;
export type TimelineInterval = (typeof TIMELINE_INTERVALS)[number];

export const EXPORT_FORMATS = ["csv", "xlsx", "kml", "geojson"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
