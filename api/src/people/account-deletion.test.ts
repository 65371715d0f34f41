import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { users } from "../platform/db/schema.js";
import { fakeIdentity } from "../testing/fake-identity.js";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import { testSettings } from "../testing/test-settings.js";

// Issue 27: deleting an account left a profile behind when a request with the same token (a
// second tab) was in flight. The fake identity believes a token after its user is deleted, as a
// cached verification or one made just before the deletion does (docs/decisions/040).

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    db: database.handle.db,
    identity: fakeIdentity(),
    settings: testSettings({ viewerProfileCacheMs: 10_000 }),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const me = (uid: string) =>
  app.inject({
    method: "GET",
    url: "/v1/auth/me",
    headers: { authorization: `Bearer user:${uid}` },
  });
const deleteAccount = (uid: string) =>
  app.inject({
    method: "DELETE",
    url: "/v1/auth/delete-account",
    headers: { authorization: `Bearer user:${uid}` },
  });
const profilesOf = (uid: string) =>
  database.handle.db.select().from(users).where(eq(users.firebaseUid, uid));

describe("deleting an account", () => {
  it("refuses the deleted person's token afterwards instead of creating the profile again", async () => {
    expect((await me("leaving-1")).statusCode).toBe(200);
    expect((await deleteAccount("leaving-1")).statusCode).toBe(204);
    expect((await me("leaving-1")).statusCode).toBe(401);
    expect((await deleteAccount("leaving-1")).statusCode).toBe(401);
    expect(await profilesOf("leaving-1")).toEqual([]);
  });

  it("leaves no profile behind when requests with the same token race the deletion", async () => {
    for (let round = 0; round < 5; round += 1) {
      const uid = `racing-${round}`;
      const { username } = (await me(uid)).json() as { username: string };
      const answers = await Promise.all([
        me(uid),
        deleteAccount(uid),
        ...Array.from({ length: 8 }, () => me(uid)),
      ]);
      expect(answers[1]?.statusCode).toBe(204);
      for (const answer of answers) expect([200, 204, 401]).toContain(answer.statusCode);
      expect(await profilesOf(uid)).toEqual([]);
      expect((await me(uid)).statusCode).toBe(401);
      const shown = await app.inject({ method: "GET", url: `/v1/users/by-username/${username}` });
      expect(shown.statusCode).toBe(404);
    }
  });
});

describe("a signed-in viewer's profile", () => {
  it("is remembered between requests, and a change through the api shows at once", async () => {
    const first = (await me("kept-1")).json() as { id: string; bio: string | null };
    // Written past the api: the remembered profile answers (for up to VIEWER_PROFILE_CACHE_MS).
    await database.handle.db
      .update(users)
      .set({ bio: "Behind its back" })
      .where(eq(users.id, first.id));
    expect(((await me("kept-1")).json() as { bio: string | null }).bio).toBeNull();
    const patched = await app.inject({
      method: "PATCH",
      url: "/v1/auth/update-profile",
      headers: { authorization: "Bearer user:kept-1" },
      payload: { bio: "Changed through the api" },
    });
    expect(patched.statusCode).toBe(200);
    expect(((await me("kept-1")).json() as { bio: string | null }).bio).toBe(
      "Changed through the api",
    );
  });
});
