/**
 * What a list's name may hold. A list travels as XLSForm's `list_name`, as `<name>.csv` in a follow-up form and as
 * an export's file name, so it keeps to letters (any script), digits, spaces, `_` and `-`: no dots, slashes, quotes
 * or other punctuation. Names starting with `__` are ODK's reserved prefix.
 */
const ALLOWED = /^[\p{L}\p{M}\p{N} _-]+$/u;

export type EntityListNameProblem = "invalid" | "reserved";

/** undefined for a good name; the length and emptiness are the schema's. */
export function entityListNameProblem(name: string): EntityListNameProblem | undefined {
  if (name.startsWith("__")) return "reserved";
  if (!ALLOWED.test(name)) return "invalid";
  return undefined;
}
