const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are checked before they reach a uuid column (a bad cast would be a 500, not a 404). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
