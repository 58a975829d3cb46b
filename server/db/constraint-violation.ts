/**
 * True when a database error (possibly wrapped by drizzle in DrizzleQueryError.cause) has the SQLSTATE and names
 * the constraint. node-postgres and PGlite both expose `code` and `constraint`; a missing constraint name matches.
 */
function isViolation(error: unknown, code: string, constraint: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const fields = current as Error & { code?: unknown; constraint?: unknown };
    if (fields.code === code) return fields.constraint === undefined || fields.constraint === constraint;
  }
  return false;
}

/** A unique violation (23505) of the named constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return isViolation(error, "23505", constraint);
}

/** A foreign key violation (23503) of the named constraint. */
export function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  return isViolation(error, "23503", constraint);
}
