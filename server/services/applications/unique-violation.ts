/**
 * True when a database error (possibly wrapped by drizzle in DrizzleQueryError.cause) is a unique violation
 * (SQLSTATE 23505) of the named constraint. node-postgres and PGlite both expose `code` and `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const fields = current as Error & { code?: unknown; constraint?: unknown };
    if (fields.code === "23505") return fields.constraint === undefined || fields.constraint === constraint;
  }
  return false;
}
