import {
  IdentityUnavailableError,
  InvalidTokenError,
  type IdentityProvider,
} from "../platform/identity/identity-provider.js";

/**
 * An identity provider for tests of our own behaviour around it (the real one is tested against
 * the Auth emulator): "user:<uid>" is a valid token for that uid, "outage" fails as if Firebase
 * were unreachable, anything else is invalid.
 */
export function fakeIdentity(): IdentityProvider {
  return {
    async verifyIdToken(token) {
      if (token === "outage") throw new IdentityUnavailableError("Firebase is unreachable");
      const uid = /^user:(.+)$/.exec(token)?.[1];
      if (uid === undefined) throw new InvalidTokenError("not a test token");
      return {
        uid,
        email: `${uid}@example.com`,
        emailVerified: false,
        name: null,
        picture: null,
        // As long as a Firebase ID token lives.
        expiresAt: Date.now() + 60 * 60 * 1000,
      };
    },
    async deleteUser() {},
    async close() {},
  };
}
