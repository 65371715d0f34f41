// What a bearer token says of itself, read only after the api has verified that same token.

/**
 * When the bearer token in `authorization` expires (ms since the epoch), from its `exp` claim, or
 * null when it carries none. Read only after the api has verified the same token: its signature
 * vouches for the claim.
 */
export function tokenExpiry(authorization: string): number | null {
  const token = authorization.replace(/^Bearer\s+/i, "");
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (typeof claims !== "object" || claims === null || !("exp" in claims)) return null;
    const exp = claims.exp;
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}
