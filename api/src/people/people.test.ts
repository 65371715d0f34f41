import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, stories } from "../platform/db/schema.js";
import { newPerson, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";

let api: TestApi;
let author: TestPerson;
let reader: TestPerson;
let other: TestPerson;
beforeAll(async () => {
  api = await startTestApi();
  [author, reader, other] = await Promise.all([
    newPerson(api, "author"),
    newPerson(api, "reader"),
    newPerson(api, "other"),
  ]);
});
afterAll(() => api?.close());

type Method = "GET" | "POST" | "DELETE" | "PATCH";
const call = (method: Method, url: string, person?: TestPerson, payload?: object) =>
  api.app.inject({ method, url, headers: person?.headers ?? {}, ...(payload ? { payload } : {}) });

let clock = Date.UTC(2026, 0, 1);
/** A listed story of `person`, each one published a minute after the last. */
async function listedStory(person: TestPerson): Promise<string> {
  const publicId = await storyIn(api, person, "completed", { isPublic: true });
  clock += 60_000;
  await api.database.db
    .update(stories)
    .set({ publishedAt: new Date(clock) })
    .where(eq(stories.publicId, publicId));
  return publicId;
}

const subscribe = (subscriber: TestPerson, authorId: string) =>
  call("POST", "/v1/subscriptions", subscriber, { author_id: authorId });

describe("GET /v1/users/by-username/{username}", () => {
  it("shows a person's profile with counts of listed stories and subscribers, any case", async () => {
    const writer = await newPerson(api, "writer");
    await call("PATCH", "/v1/auth/update-profile", writer, {
      display_name: "Wren Writer",
      bio: "Writes about lighthouses.",
      avatar_url: "https://images.example.com/wren.png",
    });
    await listedStory(writer);
    await listedStory(writer);
    await storyIn(api, writer, "completed"); // private: not counted
    await storyIn(api, writer, "generating");
    await subscribe(reader, writer.id);

    const response = await call("GET", `/v1/users/by-username/${writer.username.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toEqual({
      id: writer.id,
      username: writer.username,
      display_name: "Wren Writer",
      bio: "Writes about lighthouses.",
      avatar_url: "https://images.example.com/wren.png",
      created_at: expect.any(String),
      story_count: 2,
      subscriber_count: 1,
      viewer_subscription_id: null,
      is_viewer: false,
    });
    const own = await call("GET", `/v1/users/by-username/${writer.username}`, writer);
    expect(own.json()).toMatchObject({ is_viewer: true, viewer_subscription_id: null });
    expect(JSON.stringify(profile)).not.toContain("email");
  });

  it("names the viewer's own subscription to the person", async () => {
    const writer = await newPerson(api, "writer");
    const { id } = (await subscribe(reader, writer.id)).json();
    const seen = await call("GET", `/v1/users/by-username/${writer.username}`, reader);
    expect(seen.json().viewer_subscription_id).toBe(id);
    const byOther = await call("GET", `/v1/users/by-username/${writer.username}`, other);
    expect(byOther.json().viewer_subscription_id).toBeNull();
  });

  it("answers 404 User not found for an unknown username", async () => {
    for (const path of [
      "/v1/users/by-username/nobody_here",
      "/v1/users/by-username/nobody_here/stories",
    ]) {
      const response = await call("GET", path);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: "User not found.", code: "NOT_FOUND" });
    }
  });
});

describe("GET /v1/users/by-username/{username}/stories", () => {
  it("pages the author's listed stories newest first, never a private one", async () => {
    const writer = await newPerson(api, "writer");
    const ids = [await listedStory(writer), await listedStory(writer), await listedStory(writer)];
    const hidden = await storyIn(api, writer, "completed");
    await listedStory(other);

    const first = (
      await call("GET", `/v1/users/by-username/${writer.username}/stories?size=2`)
    ).json();
    expect(first.items.map((story: { public_id: string }) => story.public_id)).toEqual([
      ids[2],
      ids[1],
    ]);
    expect(first.items[0]).toMatchObject({ author_username: writer.username, content: null });
    const second = (
      await call(
        "GET",
        `/v1/users/by-username/${writer.username}/stories?size=2&cursor=${first.next_cursor}`,
      )
    ).json();
    expect(second.items.map((story: { public_id: string }) => story.public_id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();
    expect(JSON.stringify([first, second])).not.toContain(hidden);
  });

  it("refuses another list's cursor", async () => {
    const page = (await call("GET", "/v1/stories?size=1")).json();
    const response = await call(
      "GET",
      `/v1/users/by-username/${author.username}/stories?cursor=${page.next_cursor ?? "x"}`,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "cursor" });
  });
});

describe("POST and DELETE /v1/subscriptions", () => {
  it("subscribing twice is still one subscription, and counts once", async () => {
    const writer = await newPerson(api, "writer");
    const first = await subscribe(reader, writer.id);
    expect(first.statusCode).toBe(200);
    const again = await subscribe(reader, writer.id);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json()).toMatchObject({
      subscriber_id: reader.id,
      author_id: writer.id,
      author: { id: writer.id, subscriber_count: 1, viewer_subscription_id: first.json().id },
    });
  });

  it("refuses subscribing to oneself with 422, and an unknown author with 404", async () => {
    const self = await subscribe(reader, reader.id);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({
      detail: "You cannot subscribe to yourself.",
      code: "VALIDATION_FAILED",
      field: "author_id",
    });
    const unknown = await subscribe(reader, "unknownuser123");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "User not found.", code: "NOT_FOUND" });
    const bad = await call("POST", "/v1/subscriptions", reader, { author: reader.id });
    expect(bad.statusCode).toBe(422);
  });

  it("requires a token for every subscription route but the subscribers list", async () => {
    for (const [method, url] of [
      ["POST", "/v1/subscriptions"],
      ["DELETE", "/v1/subscriptions/abcdefgh"],
      ["GET", "/v1/subscriptions/my"],
      ["GET", "/v1/subscriptions/feed"],
    ] as const) {
      const response = await call(
        method,
        url,
        undefined,
        method === "POST" ? { author_id: author.id } : undefined,
      );
      expect(response.statusCode).toBe(401);
    }
  });

  it("lets only the subscriber remove a subscription: anyone else gets 404 and it stays", async () => {
    const writer = await newPerson(api, "writer");
    const { id } = (await subscribe(reader, writer.id)).json();
    const byOther = await call("DELETE", `/v1/subscriptions/${id}`, other);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toEqual({ detail: "Subscription not found.", code: "NOT_FOUND" });
    const byAuthor = await call("DELETE", `/v1/subscriptions/${id}`, writer);
    expect(byAuthor.statusCode).toBe(404);
    expect(
      (await call("GET", `/v1/users/by-username/${writer.username}`)).json().subscriber_count,
    ).toBe(1);

    const removed = await call("DELETE", `/v1/subscriptions/${id}`, reader);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      id,
      author: { subscriber_count: 0, viewer_subscription_id: null },
    });
    expect((await call("DELETE", `/v1/subscriptions/${id}`, reader)).statusCode).toBe(404);
  });
});

describe("GET /v1/subscriptions/my, /feed and /users/{id}/subscribers", () => {
  it("lists followed authors, their listed stories newest first, and their subscribers", async () => {
    const follower = await newPerson(api, "follower");
    const [one, two, stranger] = await Promise.all([
      newPerson(api, "one"),
      newPerson(api, "two"),
      newPerson(api, "stranger"),
    ]);
    const oneStory = await listedStory(one);
    await storyIn(api, one, "completed"); // private
    const strangerStory = await listedStory(stranger);
    const twoStory = await listedStory(two);
    await subscribe(follower, one.id);
    await subscribe(follower, two.id);
    await subscribe(other, two.id);

    const mine = (await call("GET", "/v1/subscriptions/my", follower)).json();
    expect(mine.items.map((row: { author: { username: string } }) => row.author.username)).toEqual([
      two.username,
      one.username,
    ]);
    expect(mine.items[0].author).toMatchObject({ story_count: 1, subscriber_count: 2 });

    const feed = (await call("GET", "/v1/subscriptions/feed?size=1", follower)).json();
    expect(feed.items.map((story: { public_id: string }) => story.public_id)).toEqual([twoStory]);
    const rest = (
      await call("GET", `/v1/subscriptions/feed?size=5&cursor=${feed.next_cursor}`, follower)
    ).json();
    expect(rest.items.map((story: { public_id: string }) => story.public_id)).toEqual([oneStory]);
    expect(JSON.stringify([feed, rest])).not.toContain(strangerStory);

    const subscribers = (await call("GET", `/v1/subscriptions/users/${two.id}/subscribers`)).json();
    expect(subscribers.items.map((row: { username: string }) => row.username)).toEqual([
      other.username,
      follower.username,
    ]);
    const unknown = await call("GET", "/v1/subscriptions/users/unknownuser123/subscribers");
    expect(unknown.statusCode).toBe(404);
  });

  it("drops a story from the feed once it is made private", async () => {
    const follower = await newPerson(api, "follower");
    const writer = await newPerson(api, "writer");
    const publicId = await listedStory(writer);
    await subscribe(follower, writer.id);
    expect((await call("GET", "/v1/subscriptions/feed", follower)).json().items).toHaveLength(1);
    await api.database.db
      .update(stories)
      .set({ isPublic: false })
      .where(eq(stories.publicId, publicId));
    expect((await call("GET", "/v1/subscriptions/feed", follower)).json().items).toEqual([]);
    expect((await call("GET", `/v1/users/by-username/${writer.username}`)).json().story_count).toBe(
      0,
    );
  });
});

describe("DELETE /v1/auth/delete-account and a person's content", () => {
  it("deletes their stories, bookmarks and subscriptions, and keeps their comments as Anonymous", async () => {
    const leaving = await newPerson(api, "leaving");
    const theirStory = await listedStory(leaving);
    const othersStory = await listedStory(author);
    await call("POST", `/v1/stories/${othersStory}/bookmark`, leaving);
    const comment = await call("POST", `/v1/comments/stories/${othersStory}/comments`, leaving, {
      content: "Lovely lighthouse.",
    });
    expect(comment.statusCode).toBe(201);
    await subscribe(leaving, author.id);
    await subscribe(reader, leaving.id);
    const before = (await call("GET", `/v1/users/by-username/${author.username}`)).json();

    expect((await call("DELETE", "/v1/auth/delete-account", leaving)).statusCode).toBe(204);

    expect((await call("GET", `/v1/stories/${theirStory}`)).statusCode).toBe(404);
    expect((await call("GET", `/v1/stories/${othersStory}`)).json().bookmark_count).toBe(0);
    const [kept] = await api.database.db
      .select()
      .from(comments)
      .where(eq(comments.id, comment.json().id));
    expect(kept).toMatchObject({ content: "Lovely lighthouse.", authorId: null });
    const after = (await call("GET", `/v1/users/by-username/${author.username}`)).json();
    expect(after.subscriber_count).toBe(before.subscriber_count - 1);
    expect((await call("GET", `/v1/users/by-username/${leaving.username}`)).statusCode).toBe(404);
    const followed = (await call("GET", "/v1/subscriptions/my", reader)).json();
    expect(JSON.stringify(followed)).not.toContain(leaving.id);
  });
});
