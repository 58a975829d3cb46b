/**
 * JSON text with object keys sorted at every depth, so two payloads that differ only in key order give the
 * same text. Array order is kept (it is meaningful). Like JSON.stringify, undefined properties are dropped
 * and `toJSON` (Date) is honoured.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? "null";
}

function sortKeys(value: unknown): unknown {
  if (typeof value === "object" && value !== null && "toJSON" in value && typeof value.toJSON === "function") {
    return sortKeys(value.toJSON());
  }
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, sortKeys(item)]));
}

/** One spelling per instant (UTC ISO with milliseconds): "…T12:00:00+00:00" and "…T09:00:00.000-03:00" agree. */
export function canonicalInstant(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}
