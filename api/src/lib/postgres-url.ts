import { userInfo } from "node:os";

/**
 * The URL with a user name: like psql and libpq, a URL without one connects as PGUSER or the
 * operating-system user (node-postgres would only look at $USER, unset in some shells and CI).
 */
export function withDefaultUser(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.username) return databaseUrl;
  url.username = process.env.PGUSER || userInfo().username;
  return url.toString();
}
