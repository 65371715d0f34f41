import { LRUCache } from "lru-cache";
import type { IdentityProvider, VerifiedIdentity } from "./identity-provider.js";

// Verified ID tokens, remembered (docs/decisions/040-cheap-identity-revocation-and-deletion.md):
// checking a token (with checkRevoked, a call to Firebase) costs far more than the request it
// guards, and a signed-in reader sends the same token for up to an hour. A token is remembered
// until it expires or `maxAgeMs` passes, whichever comes first, and at most `maxEntries` of them;
// a refused token is never remembered. Deleting a user forgets their tokens here at once; other
// processes refuse them through the deleted account's tombstone (people/find-or-create-user.ts).

export interface TokenCacheSettings {
  /** How long a verified token is believed without asking again; 0: never remembered. */
  maxAgeMs: number;
  maxEntries: number;
}

interface Remembered {
  identity: VerifiedIdentity;
  /** Believed until then (ms since the epoch). */
  until: number;
}

export function cachedIdentity(
  inner: IdentityProvider,
  settings: TokenCacheSettings,
  now: () => number = Date.now,
): IdentityProvider {
  if (settings.maxAgeMs === 0 || settings.maxEntries === 0) return inner;
  const verified = new LRUCache<string, Remembered>({ max: settings.maxEntries });
  /** Verifications under way, so a burst of requests with one new token asks once. */
  const pending = new Map<string, Promise<VerifiedIdentity>>();
  return {
    verifyIdToken(token) {
      const remembered = verified.get(token);
      if (remembered !== undefined) {
        if (remembered.until > now()) return Promise.resolve(remembered.identity);
        verified.delete(token);
      }
      const shared = pending.get(token);
      if (shared !== undefined) return shared;
      const verifying = inner.verifyIdToken(token).then((identity) => {
        const until = Math.min(identity.expiresAt, now() + settings.maxAgeMs);
        if (until > now()) verified.set(token, { identity, until });
        return identity;
      });
      const settled = () => pending.delete(token);
      verifying.then(settled, settled);
      pending.set(token, verifying);
      return verifying;
    },
    async deleteUser(uid) {
      await inner.deleteUser(uid);
      forget(uid);
    },
    close: () => inner.close(),
  };

  function forget(uid: string): void {
    for (const [token, remembered] of verified.entries()) {
      if (remembered.identity.uid === uid) verified.delete(token);
    }
  }
}
