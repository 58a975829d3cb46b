/**
 * The row an INSERT/UPDATE … RETURNING or an aggregate always answers. Its absence means the statement matched
 * nothing its caller had already proven to exist: a bug to surface where it happens, not an undefined to pass on.
 */
export function requireRow<T>(row: T | undefined, statement: string): T {
  if (row === undefined) throw new Error(`${statement} returned no row`);
  return row;
}
