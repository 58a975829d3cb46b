/**
 * The query options of an entity set request, checked: `$top`, `$skip`, `$count`, `$select`, `$filter`, `$format`
 * (json only) and our `$skiptoken`. Other OData system options answer 501 (the feed does not do them), unknown `$`
 * options 400; custom options (no `$`) are the client's business and ignored, except `lang`.
 */
import { isTimestampText } from "../../db/timestamp-text.ts";
import { ApiError } from "../../lib/api-error.ts";
import { parseFeedFilter, type FeedFilter } from "./odata-filter.ts";

export interface FeedOptions {
  top?: number;
  skip: number;
  count: boolean;
  /** Property names, or undefined for all. */
  select?: string[];
  filter: FeedFilter;
  /** Where the previous page stopped: after this record. */
  after?: { key: string; id: string };
  /** The options a next page repeats, as they came. */
  carried: { filter?: string; select?: string; count?: string };
}

const UNSUPPORTED = new Set([
  "$orderby",
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
const KNOWN = new Set(["$top", "$skip", "$count", "$select", "$filter", "$format", "$skiptoken"]);
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

export function encodeSkipToken(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString("base64url");
}

function decodeSkipToken(token: string): { key: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2) {
      const [key, id] = value as unknown[];
      if (typeof key === "string" && isTimestampText(key) && typeof id === "string" && UUID.test(id))
        return { key, id };
    }
  } catch {
    // any malformed token is the same client error
  }
  throw invalid("$skiptoken", "Not a $skiptoken this feed gave");
}

/** The options of `params`, checked against the entity set's property names. */
export function parseFeedOptions(params: URLSearchParams, propertyNames: readonly string[]): FeedOptions {
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
  const filter = params.get("$filter");
  const skipToken = params.get("$skiptoken");
  return {
    ...(top === null ? {} : { top: nonNegativeInteger("$top", top) }),
    skip: skip === null ? 0 : nonNegativeInteger("$skip", skip),
    count: count === "true",
    ...(select === null ? {} : { select: parseSelect(select, propertyNames) }),
    filter: filter === null ? {} : parseFeedFilter(filter),
    ...(skipToken === null ? {} : { after: decodeSkipToken(skipToken) }),
    carried: {
      ...(filter === null ? {} : { filter }),
      ...(select === null ? {} : { select }),
      ...(count === null ? {} : { count }),
    },
  };
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
