// Who a token at connection_init belongs to, remembered after the api has checked it once, so a
// signed-in reader's sockets (every tab, every reconnect) do not each cost a call to /v1/auth/me
// (docs/decisions/042-cheap-member-identity-on-the-bff.md). An entry lives until the token's own
// expiry and no longer; the map holds at most `maxEntries`, the oldest forgotten first. Keys are
// the token's SHA-256, so the map never holds a token. Only the api's yes is remembered: a refusal
// or an unavailable api is asked again next time.
import { createHash } from "node:crypto";
import { tokenExpiry } from "../upstream/token-claims.js";

export { tokenExpiry };

/** How many tokens are remembered at most (a few MB at most). */
export const SOCKET_IDENTITIES_MAX = 10_000;

export interface SocketIdentities {
  /** The person the api said this authorization belongs to, while its token has not expired. */
  known(authorization: string, now?: number): string | null;
  /** Remembers the api's answer for this authorization until its token expires. */
  remember(authorization: string, userId: string, now?: number): void;
  readonly size: number;
}

interface Entry {
  userId: string;
  expiresAt: number;
}

export function createSocketIdentities(maxEntries = SOCKET_IDENTITIES_MAX): SocketIdentities {
  const entries = new Map<string, Entry>();
  return {
    known(authorization, now = Date.now()) {
      const key = keyOf(authorization);
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.expiresAt <= now) {
        entries.delete(key);
        return null;
      }
      return entry.userId;
    },
    remember(authorization, userId, now = Date.now()) {
      const expiresAt = tokenExpiry(authorization);
      if (expiresAt === null || expiresAt <= now) return;
      const key = keyOf(authorization);
      entries.delete(key);
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      entries.set(key, { userId, expiresAt });
    },
    get size() {
      return entries.size;
    },
  };
}

function keyOf(authorization: string): string {
  return createHash("sha256").update(authorization).digest("base64url");
}
