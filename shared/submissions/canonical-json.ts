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

/** SHA-256 of a text as lowercase hex, through Web Crypto (browsers and Node 20 alike). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** One spelling per instant (UTC ISO with milliseconds): "…T12:00:00+00:00" and "…T09:00:00.000-03:00" agree. */
export function canonicalInstant(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}
