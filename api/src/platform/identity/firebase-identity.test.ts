import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { freePort } from "../../../../scripts/lib/ports.mjs";
import { newUser } from "../../testing/tokens.js";
import { createFirebaseIdentity } from "./firebase-identity.js";
import {
  IdentityUnavailableError,
  InvalidTokenError,
  type IdentityProvider,
} from "./identity-provider.js";

const authHost = inject("authEmulatorHost");
let identity: IdentityProvider;
beforeAll(() => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
  identity = createFirebaseIdentity(inject("firebaseProjectId"));
});
afterEach(() => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
});
afterAll(() => identity?.close());

describe("the Firebase identity provider", () => {
  it("reads uid and e-mail from a valid token", async () => {
    const session = await newUser(authHost);
    await expect(identity.verifyIdToken(session.idToken)).resolves.toEqual({
      uid: session.localId,
      email: session.email,
      emailVerified: false,
      name: null,
      picture: null,
      expiresAt: expect.any(Number),
    });
  });

  it("rejects a malformed token as invalid", async () => {
    await expect(identity.verifyIdToken("abc")).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("reports an unreachable identity service as unavailable, not as a bad token", async () => {
    const session = await newUser(authHost);
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${await freePort()}`;
    const cutOff = createFirebaseIdentity(inject("firebaseProjectId"));
    try {
      await expect(cutOff.verifyIdToken(session.idToken)).rejects.toBeInstanceOf(
        IdentityUnavailableError,
      );
    } finally {
      await cutOff.close();
    }
  });

  it("deletes a user, and treats a user already gone as deleted", async () => {
    const session = await newUser(authHost);
    await identity.deleteUser(session.localId);
    await expect(identity.deleteUser(session.localId)).resolves.toBeUndefined();
    await expect(identity.verifyIdToken(session.idToken)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
