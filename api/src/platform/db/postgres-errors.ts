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

/** Socket failures of a connection to the server: refused, reset, cut, timed out. */
const CONNECTION_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);

/**
 * PostgreSQL's own "I am not serving": its connection exceptions (class 08), an administrator's
 * or a crash's shutdown, and "cannot connect now" while it starts or stops (class 57P).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3])$/;

/**
 * What node-postgres says of a connection that ended or never came, and what it and PGlite say
 * once closed (a request racing the process's stop).
 */
const DRIVER_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
  "PGlite is closing",
  "PGlite is closed",
];

/**
 * True when `error` (or an error it wraps) says the database server cannot be reached or is not
 * serving, as opposed to a statement it refused: the request may succeed if tried again later
 * (docs/decisions/048-surviving-a-database-outage.md).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, message } = current as Error & { code?: unknown };
    if (
      typeof code === "string" &&
      (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_SQLSTATE.test(code))
    ) {
      return true;
    }
    if (DRIVER_MESSAGES.some((driverMessage) => message.includes(driverMessage))) return true;
    // AggregateError: a connection refused on every address of a name (IPv4 and IPv6).
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable))
      return true;
  }
  return false;
}
