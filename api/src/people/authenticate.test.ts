import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsersQueries } from "./users-queries.js";
import { fakeIdentity } from "../testing/fake-identity.js";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import {
  AUTHENTICATION_REQUIRED,
  createAuthenticator,
  IDENTITY_UNAVAILABLE,
  INVALID_TOKEN,
  type Authenticator,
} from "./authenticate.js";

let database: TestDatabase;
let authenticator: Authenticator;
beforeAll(async () => {
  database = await createTestDatabase();
  authenticator = createAuthenticator(fakeIdentity(), new UsersQueries(database.handle.db));
});
afterAll(() => database?.dispose());

const failure = (kind: string, detail: string) => expect.objectContaining({ kind, detail });

describe("turning an ID token into a user", () => {
  it("finds (or first creates) the user the token names", async () => {
    const user = await authenticator.userOf("user:ana-reader", true);
    // No display name: reader_ and a random suffix, never the e-mail (ana-reader@example.com).
    expect(user.username).toMatch(/^reader_[a-z0-9]{6}$/);
    expect((await authenticator.userOf("user:ana-reader", false))?.id).toBe(user.id);
  });

  it("lets a caller without a token through as a visitor, unless a user is required", async () => {
    expect(await authenticator.userOf(null, false)).toBeNull();
    await expect(authenticator.userOf(null, true)).rejects.toThrow(
      failure("unauthenticated", AUTHENTICATION_REQUIRED),
    );
  });

  it("refuses a malformed or invalid token, telling why to the log only", async () => {
    const reasons: string[] = [];
    await expect(authenticator.userOf("", false)).rejects.toThrow(
      failure("unauthenticated", INVALID_TOKEN),
    );
    await expect(
      authenticator.userOf("forged", false, (reason) => reasons.push(reason)),
    ).rejects.toThrow(failure("unauthenticated", INVALID_TOKEN));
    expect(reasons).toEqual(["not a test token"]);
  });

  it("fails unavailable when the identity service cannot be reached", async () => {
    await expect(authenticator.userOf("outage", true)).rejects.toThrow(
      failure("unavailable", IDENTITY_UNAVAILABLE),
    );
  });
});
