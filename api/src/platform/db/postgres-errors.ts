const UNIQUE_VIOLATION = "23505";

/**
 * True when `error` (or an error it wraps: Drizzle wraps driver errors) is PostgreSQL's
 * unique_violation, optionally on the named constraint or index.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: violated } = current as Error & {
      code?: unknown;
      constraint?: unknown;
    };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || violated === constraint;
  }
  return false;
}
