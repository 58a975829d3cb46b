/**
 * The query options of an entity set request, checked: `$top`, `$skip`, `$count`, `$select`, `$filter`,
 * `$orderby`, `$format` (json only) and our `$skiptoken`. Other OData system options answer 501 (the feed does not
 * do them), unknown `$` options 400; custom options (no `$`) are the client's business and ignored, except `lang`.
 */
import type { RecordExpression, SortKey } from "../../db/queries/record-expression.ts";
import type { ExportCursor } from "../../db/queries/records.ts";
import { isTimestampText } from "../../db/timestamp-text.ts";
import { ApiError } from "../../lib/api-error.ts";
import { isValidDate } from "../../../shared/fields/answer-validation.ts";
import { parseFilter, parseOrderBy, type FilterProperty } from "./odata-filter.ts";

export interface FeedOptions {
  top?: number;
  skip: number;
  count: boolean;
  /** Property names, or undefined for all. */
  select?: string[];
  filter?: RecordExpression;
  orderBy: SortKey[];
  /** Where the previous page stopped: after this record. */
  after?: ExportCursor;
  /** The options a next page repeats, as they came. */
  carried: { filter?: string; select?: string; count?: string; orderby?: string };
}

/** The options a `$count` segment reads; the others do not change a count. */
export type CountOptions = Pick<FeedOptions, "filter">;

const UNSUPPORTED = new Set([
  "$expand",
  "$search",
  "$apply",
  "$compute",
  "$levels",
  "$index",
  "$schemaversion",
  "$deltatoken",
  "$id",
]);
const KNOWN = new Set(["$top", "$skip", "$count", "$select", "$filter", "$orderby", "$format", "$skiptoken"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_INTEGER = 2_147_483_647;

function invalid(target: string, message: string): ApiError {
  return new ApiError("VALIDATION_FAILED", message, [{ target, message }]);
}

function nonNegativeInteger(name: string, value: string): number {
  if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_INTEGER)
    throw invalid(name, `${name} must be a whole number from 0`);
  return Number(value);
}

/** The last record's creation key and id, and its sort keys' values when the set is sorted. */
export function encodeSkipToken(cursor: ExportCursor): string {
  const parts = cursor.values ? [cursor.key, cursor.id, cursor.values] : [cursor.key, cursor.id];
  return Buffer.from(JSON.stringify(parts)).toString("base64url");
}

/** An instant as PostgreSQL wrote it, on a day and at a time that exist (casting it back cannot fail). */
function isInstantText(text: string): boolean {
  const [hour = 99, minute = 99, second = 99] = text.slice(11, 19).split(":").map(Number);
  return isTimestampText(text) && isValidDate(text.slice(0, 10)) && hour <= 23 && minute <= 59 && second <= 59;
}

const KEY_VALUES: Record<SortKey["type"], (text: string) => boolean> = {
  number: (text) => /^-?\d{1,1000}(\.\d{1,1000})?$/.test(text),
  instant: isInstantText,
  date: isValidDate,
  boolean: (text) => text === "true" || text === "false",
  string: (text) => !text.includes("\0"),
};

/**
 * A sort key's value as the database wrote it: the token travels through the client, so each value is checked
 * against its key's type before the database casts it.
 */
function isKeyValue(value: unknown, key: SortKey | undefined): value is string | null {
  return value === null || (typeof value === "string" && key !== undefined && KEY_VALUES[key.type](value));
}

function decodeSkipToken(token: string, sort: readonly SortKey[]): ExportCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === (sort.length === 0 ? 2 : 3)) {
      const [key, id, values] = value as unknown[];
      const valid = typeof key === "string" && isInstantText(key) && typeof id === "string" && UUID.test(id);
      if (valid && sort.length === 0) return { key, id };
      const checked: (string | null)[] = [];
      if (valid && Array.isArray(values) && values.length === sort.length) {
        for (const [index, item] of (values as unknown[]).entries())
          if (isKeyValue(item, sort[index])) checked.push(item);
        if (checked.length === sort.length) return { key, id, values: checked };
      }
    }
  } catch {
    // any malformed token is the same client error
  }
  throw invalid("$skiptoken", "Not a $skiptoken this feed gave");
}

function checkNames(params: URLSearchParams): void {
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!name.startsWith("$")) continue;
    if (seen.has(name)) throw invalid(name, `${name} is given more than once`);
    seen.add(name);
    if (UNSUPPORTED.has(name))
      throw new ApiError("NOT_IMPLEMENTED", `${name} is not supported by this feed`, [
        { target: name, message: "Not supported" },
      ]);
    if (!KNOWN.has(name)) throw invalid(name, `Unknown query option ${name}`);
  }
}

/** The options of `params`, checked against the entity set's properties. */
export function parseFeedOptions(params: URLSearchParams, properties: readonly FilterProperty[]): FeedOptions {
  checkNames(params);
  const format = params.get("$format");
  if (format !== null && format !== "json" && !format.startsWith("application/json")) {
    throw new ApiError("NOT_IMPLEMENTED", "This feed answers JSON only", [
      { target: "$format", message: "Not supported" },
    ]);
  }
  const count = params.get("$count");
  if (count !== null && count !== "true" && count !== "false") throw invalid("$count", "$count must be true or false");
  const top = params.get("$top");
  const skip = params.get("$skip");
  const select = params.get("$select");
  const skipToken = params.get("$skiptoken");
  const orderby = params.get("$orderby");
  const orderBy = orderby === null ? [] : parseOrderBy(orderby, properties);
  const filter = params.get("$filter");
  return {
    ...(top === null ? {} : { top: nonNegativeInteger("$top", top) }),
    skip: skip === null ? 0 : nonNegativeInteger("$skip", skip),
    count: count === "true",
    ...(select === null
      ? {}
      : {
          select: parseSelect(
            select,
            properties.map((property) => property.name),
          ),
        }),
    ...parseCountOptions(params, properties),
    orderBy,
    ...(skipToken === null ? {} : { after: decodeSkipToken(skipToken, orderBy) }),
    carried: {
      ...(filter === null ? {} : { filter }),
      ...(select === null ? {} : { select }),
      ...(count === null ? {} : { count }),
      ...(orderby === null ? {} : { orderby }),
    },
  };
}

/**
 * The options of a `$count` segment: `$filter` counts, the others (`$top`, `$skip`, `$orderby`…) do not change a
 * count and are checked only as names.
 */
export function countOptions(params: URLSearchParams, properties: readonly FilterProperty[]): CountOptions {
  checkNames(params);
  return parseCountOptions(params, properties);
}

function parseCountOptions(params: URLSearchParams, properties: readonly FilterProperty[]): CountOptions {
  const filter = params.get("$filter");
  return filter === null ? {} : { filter: parseFilter(filter, properties) };
}

function parseSelect(text: string, propertyNames: readonly string[]): string[] | undefined {
  const items = text.split(",").map((item) => item.trim());
  if (items.includes("*")) return undefined;
  const known = new Set(propertyNames);
  for (const item of items) {
    if (item === "") throw invalid("$select", "$select has an empty item");
    if (item.includes("/") || item.includes("("))
      throw new ApiError("NOT_IMPLEMENTED", "$select takes property names only", [
        { target: "$select", message: item },
      ]);
    if (!known.has(item)) throw invalid("$select", `No property named ${item}`);
  }
  return [...new Set(items)];
}
