import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.js";
import type { UserRecord } from "../platform/db/schema.js";
import { IdentityUnavailableError } from "../platform/identity/identity-provider.js";
import { fakeIdentity } from "../testing/fake-identity.js";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import { DELETED_ACCOUNT, findOrCreateUser } from "./find-or-create-user.js";
import {
  deleteMyAccount,
  recordConsent,
  SIGN_IN_NOT_DELETED,
  updateMyProfile,
} from "./my-account.js";
import { PeopleQueries } from "./people-queries.js";
import { SELF_SUBSCRIPTION, SUBSCRIPTION_NOT_FOUND, USER_NOT_FOUND } from "./people-rules.js";
import { readAuthorProfile } from "./author-profiles.js";
import {
  listMySubscriptions,
  listSubscribers,
  subscribeToAuthor,
  unsubscribeFromAuthor,
} from "./subscriptions.js";
import { UsersQueries } from "./users-queries.js";

// People's use cases called without HTTP, on a test database.

let database: TestDatabase;
let db: Database;
let users: UsersQueries;
let people: PeopleQueries;
let uids = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  users = new UsersQueries(db);
  people = new PeopleQueries(db);
});
afterAll(() => database?.dispose());

/** A person signing in for the first time, as the guards create them. */
async function person(name: string): Promise<UserRecord> {
  uids += 1;
  const uid = `${name}-${uids}`;
  const user = await findOrCreateUser(users, await fakeIdentity().verifyIdToken(`user:${uid}`));
  if (user === DELETED_ACCOUNT) throw new Error(`${uid} is of a deleted account`);
  return user;
}

const failure = (kind: string, detail: string) => expect.objectContaining({ kind, detail });
const firstPage = { size: 10, cursor: undefined };

describe("following authors", () => {
  it("follows once however often asked, and the author's profile counts the subscriber", async () => {
    const [reader, author] = [await person("reader"), await person("author")];
    const first = await subscribeToAuthor(people, reader, author.id);
    const again = await subscribeToAuthor(people, reader, author.id);
    expect(again.subscription.id).toBe(first.subscription.id);
    expect(again.author).toMatchObject({
      subscriberCount: 1,
      viewerSubscriptionId: first.subscription.id,
    });
    const profile = await readAuthorProfile(people, reader, author.username.toUpperCase());
    expect(profile.viewerSubscriptionId).toBe(first.subscription.id);
    const mine = await listMySubscriptions(people, reader, firstPage);
    expect(mine.rows.map((row) => row.author.id)).toEqual([author.id]);
  });

  it("refuses to follow oneself or nobody", async () => {
    const reader = await person("reader");
    await expect(subscribeToAuthor(people, reader, reader.id)).rejects.toThrow(
      failure("invalid", SELF_SUBSCRIPTION),
    );
    await expect(subscribeToAuthor(people, reader, "nobody-at-all")).rejects.toThrow(
      failure("not_found", USER_NOT_FOUND),
    );
    await expect(listSubscribers(people, "nobody-at-all", firstPage)).rejects.toThrow(
      failure("not_found", USER_NOT_FOUND),
    );
  });

  it("lets only the subscriber unsubscribe: anyone else's subscription does not exist for them", async () => {
    const [reader, author, other] = [
      await person("reader"),
      await person("author"),
      await person("other"),
    ];
    const { subscription } = await subscribeToAuthor(people, reader, author.id);
    await expect(unsubscribeFromAuthor(people, other, subscription.id)).rejects.toThrow(
      failure("not_found", SUBSCRIPTION_NOT_FOUND),
    );
    const gone = await unsubscribeFromAuthor(people, reader, subscription.id);
    expect(gone).toMatchObject({
      subscription: { id: subscription.id },
      author: { id: author.id },
    });
    expect(gone.author.subscriberCount).toBe(0);
    await expect(unsubscribeFromAuthor(people, reader, subscription.id)).rejects.toThrow(
      failure("not_found", SUBSCRIPTION_NOT_FOUND),
    );
  });
});

describe("one's own account", () => {
  it("refuses a username another person has, whatever its case, on the username field", async () => {
    const [ana, ben] = [await person("ana"), await person("ben")];
    await expect(updateMyProfile(users, ben, { username: ana.username })).rejects.toThrow(
      expect.objectContaining({ code: "USERNAME_TAKEN", details: { field: "username" } }),
    );
    const renamed = await updateMyProfile(users, ben, { username: `${ben.username}_x` });
    expect(renamed.username).toBe(`${ben.username}_x`);
    // Nothing to change: the profile as it is, nothing written.
    expect(await updateMyProfile(users, renamed, {})).toBe(renamed);
  });

  it("keeps the first acceptance on record", async () => {
    const ana = await person("ana");
    const first = await recordConsent(users, ana, "tosAcceptedAt");
    const again = await recordConsent(users, ana, "tosAcceptedAt");
    expect(first.tosAcceptedAt).not.toBeNull();
    expect(again.tosAcceptedAt).toEqual(first.tosAcceptedAt);
  });

  it("deletes the person's data first, so a sign-in account that cannot be removed yet is retried", async () => {
    const ana = await person("ana");
    const outage = {
      ...fakeIdentity(),
      async deleteUser() {
        throw new IdentityUnavailableError("Firebase is unreachable");
      },
    };
    const warnings: string[] = [];
    const log = { warn: (_object: object, message: string) => warnings.push(message) };
    await expect(
      deleteMyAccount({ db, users, identity: outage, media: null }, ana, log),
    ).rejects.toThrow(failure("unavailable", SIGN_IN_NOT_DELETED));
    expect(await users.findByFirebaseUid(ana.firebaseUid)).toBeNull();
    expect(warnings).toEqual(["deleting the Firebase user failed"]);
    await expect(recordConsent(users, ana, "ageVerifiedAt")).rejects.toThrow(
      failure("not_found", "Your profile no longer exists."),
    );
  });
});
