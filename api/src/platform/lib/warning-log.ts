/**
 * Where a use case tells what went wrong without failing: a request's log (Fastify's, with the
 * request's id), the worker's, a test's.
 */
export interface WarningLog {
  warn(object: object, message: string): void;
}
