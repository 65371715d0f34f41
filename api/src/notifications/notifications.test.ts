import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPerson, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";
import { NotificationQueries } from "./notification-queries.js";
import { NotificationWorker } from "./notification-worker.js";
import { notifyNewChapter } from "./notify.js";
import { UnsubscribeLinks } from "./unsubscribe-rules.js";

// The inbox end to end through REST (docs/product.md#notifications): events recorded by the use
// cases that already exist, fan-out to followers only by the background worker, flood collapse,
// preferences, and nobody reading another's inbox.

/** The configured secret the unsubscribe links are signed with. */
const SECRET = "notifications-test-secret-0123456789";

let api: TestApi;
let writer: TestPerson;
let follower: TestPerson;
let second: TestPerson;
let stranger: TestPerson;
beforeAll(async () => {
  api = await startTestApi(undefined, { readHashSecret: SECRET });
  [writer, follower, second, stranger] = await Promise.all([
    newPerson(api, "writer"),
    newPerson(api, "follower"),
    newPerson(api, "second"),
    newPerson(api, "stranger"),
  ]);
  for (const person of [follower, second]) {
    const followed = await call("POST", "/v1/subscriptions", person, { author_id: writer.id });
    expect(followed.statusCode).toBe(200);
  }
});
afterAll(() => api?.close());

type Method = "GET" | "POST" | "PATCH" | "PUT";
const call = (method: Method, url: string, person: TestPerson, payload?: object) =>
  api.app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) });

const unread = async (person: TestPerson) =>
  (await call("GET", "/v1/me/notifications/unread-count", person)).json().unread_count as number;
const inbox = async (person: TestPerson) =>
  (await call("GET", "/v1/me/notifications", person)).json().items as Array<{
    id: string;
    kind: string;
    count: number;
    read: boolean;
    outcome: string | null;
    story: { public_id: string; title: string } | null;
    actor: { username: string } | null;
  }>;

/** The background worker, run until no job is left (one batch per follower here). */
const runJobs = () =>
  new NotificationWorker({ db: api.database.db, pollMs: 50, batchSize: 1 }).drain();

async function publish(person: TestPerson): Promise<string> {
  const publicId = await storyIn(api, person, "completed");
  const made = await call("PATCH", `/v1/stories/${publicId}`, person, { is_public: true });
  expect(made.statusCode).toBe(200);
  return publicId;
}

describe("a followed writer's new story", () => {
  it("reaches every follower through the background job, not inside the request", async () => {
    const before = await unread(follower);
    const publicId = await publish(writer);
    // The request only queued the news.
    expect(await unread(follower)).toBe(before);
    expect(await new NotificationQueries(api.database.db).pendingJobs()).toBe(1);

    expect(await runJobs()).toBe(1);
    expect(await unread(follower)).toBe(before + 1);
    expect(await unread(second)).toBeGreaterThan(0);
    expect(await unread(stranger)).toBe(0);
    const [item] = await inbox(follower);
    expect(item).toMatchObject({
      kind: "new_story",
      count: 1,
      read: false,
      story: { public_id: publicId },
      actor: { username: writer.username },
    });
    // Title, who and link only: never the story's text.
    expect(JSON.stringify(item)).not.toContain("bottle");
  });

  it("is announced once per story, and per chapter", async () => {
    const publicId = await publish(writer);
    await runJobs();
    const count = await unread(follower);
    await call("PATCH", `/v1/stories/${publicId}`, writer, { is_public: false });
    await call("PATCH", `/v1/stories/${publicId}`, writer, { is_public: true });
    expect(await runJobs()).toBe(0);
    expect(await unread(follower)).toBe(count);

    const found = await api.database.db.execute(
      sql`select id from stories where public_id = ${publicId}`,
    );
    const [story] = (found as unknown as { rows: Array<{ id: string }> }).rows;
    const chapter = { storyId: story!.id, authorId: writer.id, chapterNumber: 2 };
    await notifyNewChapter(api.database.db, chapter);
    await notifyNewChapter(api.database.db, chapter);
    expect(await runJobs()).toBe(1);
    expect((await inbox(follower))[0]).toMatchObject({ kind: "new_chapter", count: 1 });
  });

  it("no longer shows the story once the reader may not see it", async () => {
    const publicId = await publish(writer);
    await runJobs();
    await call("PATCH", `/v1/stories/${publicId}`, writer, { is_public: false });
    const item = (await inbox(follower)).find((entry) => entry.kind === "new_story");
    expect(item?.story).toBeNull();
  });
});

describe("replies and notes", () => {
  it("collapses a flood of replies to one comment into one item with a count", async () => {
    const publicId = await publish(writer);
    const story = `/v1/comments/stories/${publicId}/comments`;
    const parent = (await call("POST", story, follower, { content: "Lovely tide." })).json();
    const before = await unread(follower);
    for (const words of ["One", "Two", "Three"]) {
      const reply = await call("POST", story, stranger, {
        content: words,
        parent_comment_id: parent.id,
      });
      expect(reply.statusCode).toBe(201);
    }
    expect(await unread(follower)).toBe(before + 1);
    const item = (await inbox(follower)).find((entry) => entry.kind === "comment_reply");
    expect(item).toMatchObject({ count: 3, actor: { username: stranger.username } });
    expect(JSON.stringify(item)).not.toContain("Three");
  });

  it("keeps a kind out of the inbox once turned off there", async () => {
    const off = await call("PUT", "/v1/me/notification-preferences", follower, {
      items: [{ kind: "comment_reply", channel: "inbox", enabled: false }],
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().items).toHaveLength(21);
    expect(off.json().items).toContainEqual({
      kind: "comment_reply",
      channel: "inbox",
      enabled: false,
    });
    const publicId = await publish(writer);
    const story = `/v1/comments/stories/${publicId}/comments`;
    const parent = (await call("POST", story, follower, { content: "Again." })).json();
    const before = await unread(follower);
    await call("POST", story, stranger, { content: "Hi", parent_comment_id: parent.id });
    expect(await unread(follower)).toBe(before);

    const bad = await call("PUT", "/v1/me/notification-preferences", follower, {
      items: [{ kind: "gossip", channel: "inbox", enabled: true }],
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe("one's own inbox only", () => {
  it("marks one read, and refuses anyone else's", async () => {
    await publish(writer);
    await runJobs();
    const [item] = await inbox(second);
    const count = await unread(second);
    const foreign = await call("POST", `/v1/me/notifications/${item!.id}/read`, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(await unread(second)).toBe(count);
    expect((await inbox(stranger)).map((entry) => entry.id)).not.toContain(item!.id);

    const mine = await call("POST", `/v1/me/notifications/${item!.id}/read`, second);
    expect(mine.json()).toEqual({ unread_count: count - 1 });
    expect((await call("POST", "/v1/me/notifications/read-all", second)).json()).toEqual({
      unread_count: 0,
    });
  });

  it("asks for a signed-in reader", async () => {
    const anonymous = await api.app.inject({ method: "GET", url: "/v1/me/notifications" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("one-click unsubscribe", () => {
  it("turns off the one kind on the one channel of the person the link was made for", async () => {
    const links = new UnsubscribeLinks(SECRET);
    await call("PUT", "/v1/me/notification-preferences", second, {
      items: [{ kind: "new_story", channel: "email", enabled: true }],
    });
    const token = links.tokenFor({ userId: second.id, kind: "new_story", channel: "email" });
    // Pointed at someone else, the signature no longer holds.
    const forged = token.replace(second.id, stranger.id);
    const refused = await api.app.inject({
      method: "POST",
      url: "/v1/notifications/unsubscribe",
      payload: { token: forged },
    });
    expect(refused.statusCode).toBe(422);

    const answer = await api.app.inject({
      method: "POST",
      url: "/v1/notifications/unsubscribe",
      payload: { token },
    });
    expect(answer.json()).toEqual({ kind: "new_story", channel: "email", enabled: false });
    const { items } = (await call("GET", "/v1/me/notification-preferences", second)).json();
    expect(items).toContainEqual({ kind: "new_story", channel: "email", enabled: false });
    expect(items).toContainEqual({ kind: "new_story", channel: "inbox", enabled: true });
  });
});

describe("fan-out to many followers", () => {
  it("notifies 1,200 followers in batches, each once, in the background", async () => {
    const famous = await newPerson(api, "famous");
    const prefix = `f${Date.now().toString(36)}`;
    await api.database.db.execute(sql`insert into users (id, firebase_uid, username)
      select ${prefix} || g, 'uid-' || ${prefix} || g, ${prefix} || g from generate_series(1, 1200) g`);
    await api.database.db.execute(sql`insert into subscriptions (id, subscriber_id, author_id)
      select 's-' || ${prefix} || g, ${prefix} || g, ${famous.id} from generate_series(1, 1200) g`);
    const publicId = await publish(famous);
    const started = performance.now();
    // The default batch size: 500 followers per statement.
    expect(await new NotificationWorker({ db: api.database.db, pollMs: 50 }).drain()).toBe(1);
    const elapsed = Math.round(performance.now() - started);
    const counted = await api.database.db
      .execute(sql`select count(*)::int as n, max(n.count) as most
      from notifications n join stories s on s.id = n.story_id where s.public_id = ${publicId}`);
    const [row] = (counted as unknown as { rows: Array<{ n: number; most: number }> }).rows;
    expect(row).toEqual({ n: 1200, most: 1 });
    console.info(`fan-out of one story to 1,200 followers: ${elapsed} ms`);
  });
});

describe("notes and moderation", () => {
  it("tells a story's owner of a note on a passage and of a moderator's decision", async () => {
    const owner = await newPerson(api, "owner");
    const moderator = await newPerson(api, "moderator");
    await api.database.db.execute(
      sql`update users set roles = array['moderator'] where id = ${moderator.id}`,
    );
    const publicId = await publish(owner);
    const note = await call("POST", `/v1/comments/stories/${publicId}/comments`, stranger, {
      content: "What a line.",
      location: { start: 17, end: 31 },
    });
    expect(note.statusCode).toBe(201);
    const rejected = await call(
      "POST",
      `/v1/admin/stories/${publicId}/reject?reason=Off-topic.`,
      moderator,
    );
    expect(rejected.statusCode).toBe(200);
    const items = await inbox(owner);
    expect(items.map((item) => item.kind).sort()).toEqual(["moderation_outcome", "story_note"]);
    const decision = items.find((item) => item.kind === "moderation_outcome");
    // The owner still sees their own rejected story's title; the reason is not in the inbox.
    expect(decision).toMatchObject({ outcome: "rejected", story: { public_id: publicId } });
    expect(JSON.stringify(items)).not.toContain("Off-topic");
    expect(JSON.stringify(items)).not.toContain("What a line");
  });
});
