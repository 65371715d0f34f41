/**
 * The URL with a user name: like psql and libpq, a URL without one connects as `defaultUser`
 * (PGUSER, else the operating-system user; node-postgres would only look at $USER, unset in some
 * shells and CI). The configuration decides the default; this only applies it.
 */
export function withDefaultUser(databaseUrl: string, defaultUser: string): string {
  const url = new URL(databaseUrl);
  if (url.username) return databaseUrl;
  url.username = defaultUser;
  return url.toString();
}

/** Database URLs may carry a password; messages and logs show the rest only. */
export function redactPassword(url: URL): string {
  if (!url.password) return url.toString();
  const copy = new URL(url);
  copy.password = "***";
  return copy.toString();
}
