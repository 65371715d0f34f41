// Usernames name people in URLs (/profile/{username}) and on comments, so they stay short,
// lower-case and URL-safe: the same alphabet update-profile accepts.
export const USERNAME_PATTERN = "^[a-z0-9_]{3,30}$";

const DERIVED_MAX_LENGTH = 20;
const DERIVED_MIN_LENGTH = 3;

/**
 * Names no person may take, in any case: they would pass for the house or its staff, or read as
 * nothing in a URL or a template (the probe of issue 27). A name starting with "storyloom" is
 * reserved too.
 */
const RESERVED_USERNAMES = new Set([
  "abuse",
  "admin",
  "administrator",
  "anonymous",
  "api",
  "billing",
  "deleted",
  "everyone",
  "help",
  "mod",
  "moderator",
  "moderators",
  "nobody",
  "noreply",
  "no_reply",
  "null",
  "official",
  "owner",
  "postmaster",
  "root",
  "security",
  "staff",
  "support",
  "superuser",
  "sysadmin",
  "system",
  "team",
  "undefined",
  "webmaster",
  "www",
]);

/** Whether `username` is kept from people (see RESERVED_USERNAMES). */
export function isReservedUsername(username: string): boolean {
  const name = username.toLowerCase();
  return RESERVED_USERNAMES.has(name) || name.startsWith("storyloom");
}

/** The name of a new profile without a usable display name, before its random suffix. */
export const FALLBACK_USERNAME = "reader";

/**
 * The username a new profile starts with: from the display name when there is one, else
 * FALLBACK_USERNAME (never the e-mail's local part: a username is public, the address is not).
 * Accents are dropped first so "Ana María" reads "ana_maria", not "ana_mar_a"; a reserved name
 * gives the fallback.
 */
export function deriveUsername(source: { displayName: string | null }): string {
  const raw = source.displayName?.trim() ?? "";
  const slug = raw
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, DERIVED_MAX_LENGTH)
    .replace(/_+$/, "");
  if (slug.length === 0 || isReservedUsername(slug)) return FALLBACK_USERNAME;
  if (slug.length < DERIVED_MIN_LENGTH) return `${slug}_${FALLBACK_USERNAME}`;
  return slug;
}

/**
 * The first of `base`, `base_2`, `base_3`… not in `taken`. Suffixes keep a derived name (at most
 * 20 characters) within the 30 a username may have.
 */
export function firstFreeUsername(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base) && !isReservedUsername(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}_${n}`;
    if (!taken.has(candidate) && !isReservedUsername(candidate)) return candidate;
  }
}
