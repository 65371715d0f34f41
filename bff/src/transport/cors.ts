// Cross-origin calls to /graphql: a page on an allowed origin may call it with fetch and read the
// answer. Safe because the site authenticates with a bearer token that a page must attach itself,
// never a cookie the browser adds; Apollo's CSRF prevention stays on for simple requests
// (docs/decisions/023-graphql-playground-and-other-clients.md).
import type { RequestHandler } from "express";

/** What a client may send: the token, JSON, and the headers that satisfy CSRF prevention. */
const ALLOWED_HEADERS = [
  "authorization",
  "content-type",
  "apollo-require-preflight",
  "x-apollo-operation-name",
].join(", ");

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = "600";

/** Origins whose pages may call /graphql: "any", or a list (empty: none but the site's own). */
export type CorsOrigins = "any" | string[];

/** The CORS headers of an answer to a call from `origin` (none when it is not allowed). */
export function graphqlCorsHeaders(
  origins: CorsOrigins,
): (origin: string | undefined) => Array<[string, string]> {
  const allowed = new Set(origins === "any" ? [] : origins);
  const isAllowed = (origin: string) => origins === "any" || allowed.has(origin);
  return (origin) =>
    origin !== undefined && isAllowed(origin)
      ? [
          ["access-control-allow-origin", origin],
          // A client learns when to retry a rate-limited call (docs/graphql.md#limits).
          ["access-control-expose-headers", "retry-after"],
        ]
      : [];
}

export function graphqlCors(origins: CorsOrigins): RequestHandler {
  const corsHeaders = graphqlCorsHeaders(origins);
  return (req, res, next) => {
    res.vary("Origin");
    const headers = corsHeaders(req.headers.origin);
    for (const [name, value] of headers) res.setHeader(name, value);
    const permitted = headers.length > 0;
    if (req.method === "OPTIONS" && req.headers["access-control-request-method"]) {
      // A preflight: answered here; without the allow headers the browser refuses the call.
      if (permitted) {
        res.setHeader("access-control-allow-methods", "GET, POST, OPTIONS");
        res.setHeader("access-control-allow-headers", ALLOWED_HEADERS);
        res.setHeader("access-control-max-age", PREFLIGHT_MAX_AGE);
      }
      res.status(204).end();
      return;
    }
    next();
  };
}
