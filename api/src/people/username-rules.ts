// Usernames name people in URLs (/profile/{username}) and on comments, so they stay short,
// lower-case and URL-safe: the same alphabet update-profile accepts.
export const USERNAME_PATTERN = "^[a-z0-9_]{3,30}$";

const DERIVED_MAX_LENGTH = 20;
const DERIVED_MIN_LENGTH = 3;
const FALLBACK_USERNAME = "reader";

/**
 * The username a new profile starts with: from the display name when there is one, else from the
 * e-mail's local part. Accents are dropped first so "Ana María" reads "ana_maria", not "ana_mar_a".
 */
export function deriveUsername(source: {
  displayName: string | null;
  email: string | null;
}): string {
  const raw = source.displayName?.trim() || source.email?.split("@")[0] || "";
  const slug = raw
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, DERIVED_MAX_LENGTH)
    .replace(/_+$/, "");
  if (slug.length === 0) return FALLBACK_USERNAME;
  if (slug.length < DERIVED_MIN_LENGTH) return `${slug}_${FALLBACK_USERNAME}`;
  return slug;
}

/**
 * The first of `base`, `base_2`, `base_3`… not in `taken`. Suffixes keep a derived name (at most
 * 20 characters) within the 30 a username may have.
 */
export function firstFreeUsername(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
