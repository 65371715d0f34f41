import { COMMENT_MAX_LENGTH, INLINE_RANGE_MESSAGES } from "@storyloom/common";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CommentsQueries } from "./comments-queries.js";
import { comments, users } from "../platform/db/schema.js";
import { type UserRole } from "@storyloom/common";
import { StoriesQueries } from "../stories/stories-queries.js";
import {
  CANNOT_REPORT_OWN,
  COMMENT_EMPTY,
  COMMENT_TOO_LONG,
  ONLY_AUTHOR_OR_OWNER_DELETES,
  PARENT_NOT_ON_STORY,
  REPLY_WITH_LOCATION,
} from "./comment-rules.js";
import { newPerson, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";
import { COMMENTING_TOO_FAST, REPORTING_TOO_FAST } from "../platform/limits/rate-limits.js";

// The story text of the fixtures (SAMPLE_CONTENT) as canonical text:
// "The tide brought a green bottle to the rocks.\n\nInside lay a map."
const GREEN_BOTTLE = { start: 17, end: 31 }; // "a green bottle"

let api: TestApi;
let owner: TestPerson;
let author: TestPerson;
let other: TestPerson;
let moderator: TestPerson;
let admin: TestPerson;
let storyId: string;

beforeAll(async () => {
  api = await startTestApi();
  [owner, author, other, moderator, admin] = await Promise.all([
    newPerson(api, "owner"),
    newPerson(api, "author"),
    newPerson(api, "other"),
    newPerson(api, "moderator"),
    newPerson(api, "admin"),
  ]);
  await grant(moderator, ["moderator"]);
  await grant(admin, ["admin"]);
  storyId = await storyIn(api, owner, "completed", { isPublic: true });
});
afterAll(() => api?.close());

async function grant(person: TestPerson, roles: UserRole[]) {
  await api.database.db.update(users).set({ roles }).where(eq(users.id, person.id));
}

type Method = "GET" | "POST" | "DELETE";
const call = (method: Method, url: string, person?: TestPerson | null, payload?: object) =>
  api.app.inject({ method, url, headers: person?.headers ?? {}, ...(payload ? { payload } : {}) });

const list = (id: string, person?: TestPerson | null) =>
  call("GET", `/v1/comments/stories/${id}/comments`, person);
const post = (id: string, person: TestPerson | null, body: object) =>
  call("POST", `/v1/comments/stories/${id}/comments`, person, body);

async function internalId(publicId: string): Promise<string> {
  const story = await new StoriesQueries(api.database.db).findByPublicId(publicId);
  if (story === null) throw new Error("no story");
  return story.id;
}

/**
 * A comment written straight through its queries: arranging a test must not spend the
 * author's posting rate limit (10 a minute), which the POST tests exercise.
 */
async function seed(
  publicId: string,
  person: TestPerson,
  options: { parentId?: string; content?: string } = {},
): Promise<string> {
  const created = await new CommentsQueries(api.database.db).insert({
    storyId: await internalId(publicId),
    authorId: person.id,
    parentId: options.parentId ?? null,
    content: options.content ?? "A fine story.",
    anchorStart: null,
    anchorEnd: null,
    quote: null,
    quotePrefix: null,
    quoteSuffix: null,
  });
  return created.id;
}

async function commentRow(id: string) {
  const [row] = await api.database.db.select().from(comments).where(eq(comments.id, id));
  return row;
}

describe("POST /v1/comments/stories/{id}/comments", () => {
  it("posts a general comment, trimmed and approved, with the author's public profile", async () => {
    const response = await post(storyId, author, { content: "  What a tide!  " });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      story_id: storyId,
      author_id: author.id,
      author: { id: author.id, username: author.username, preferences: { avatar_url: null } },
      content: "What a tide!",
      parent_comment_id: null,
      moderation_status: "approved",
      flagged_count: 0,
      is_inline: false,
      location: null,
      quote: null,
      is_orphaned: false,
      is_by_story_author: false,
      can_delete: true,
      can_report: false,
      children: [],
    });
  });

  it("stores an inline note with its quote and marks the story author's own comments", async () => {
    const response = await post(storyId, owner, {
      content: "Foreshadowing.",
      location: GREEN_BOTTLE,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      is_inline: true,
      location: GREEN_BOTTLE,
      quote: "a green bottle",
      is_by_story_author: true,
    });
    const row = await commentRow(response.json().id);
    expect(row).toMatchObject({
      quotePrefix: "The tide brought ",
      quoteSuffix: " to the rocks.\n\nInside lay a map",
    });
  });

  it("posts a reply to a comment of the same story", async () => {
    const parentId = await seed(storyId, other);
    const response = await post(storyId, author, {
      content: "Agreed.",
      parent_comment_id: parentId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().parent_comment_id).toBe(parentId);
  });

  it("accepts exactly 1000 characters after trimming", async () => {
    const content = ` ${"a".repeat(COMMENT_MAX_LENGTH)} `;
    const response = await post(storyId, other, { content });
    expect(response.statusCode).toBe(201);
    expect(response.json().content).toHaveLength(COMMENT_MAX_LENGTH);
  });

  it.each([
    ["an empty comment", { content: "" }, "content", COMMENT_EMPTY],
    ["a comment of blanks only", { content: " \n\t " }, "content", COMMENT_EMPTY],
    [
      "a comment over 1000 characters",
      { content: "a".repeat(COMMENT_MAX_LENGTH + 1) },
      "content",
      COMMENT_TOO_LONG,
    ],
    [
      "a passage of 3 characters",
      { content: "Hm.", location: { start: 0, end: 3 } },
      "location",
      INLINE_RANGE_MESSAGES.TOO_SHORT,
    ],
    [
      "a passage across two paragraphs",
      { content: "Hm.", location: { start: 40, end: 52 } },
      "location",
      INLINE_RANGE_MESSAGES.CROSSES_PARAGRAPHS,
    ],
    [
      "a passage beyond the text",
      { content: "Hm.", location: { start: 60, end: 400 } },
      "location",
      INLINE_RANGE_MESSAGES.OUT_OF_TEXT,
    ],
    [
      "a passage that ends before it starts",
      { content: "Hm.", location: { start: 20, end: 10 } },
      "location",
      INLINE_RANGE_MESSAGES.OUT_OF_TEXT,
    ],
    [
      "a reply to a comment that does not exist",
      { content: "Hm.", parent_comment_id: "nope" },
      "parent_comment_id",
      PARENT_NOT_ON_STORY,
    ],
  ])("refuses %s with its message", async (_name, body, field, detail) => {
    const response = await post(storyId, author, body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: "VALIDATION_FAILED", field, detail });
  });

  it("refuses a reply to a comment of another story", async () => {
    const elsewhere = await storyIn(api, owner, "completed", { isPublic: true });
    const parentId = await seed(elsewhere, other);
    const response = await post(storyId, author, { content: "Hm.", parent_comment_id: parentId });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      field: "parent_comment_id",
      detail: PARENT_NOT_ON_STORY,
    });
  });

  it("refuses a reply anchored to a passage", async () => {
    const parentId = await seed(storyId, other);
    const response = await post(storyId, author, {
      content: "Hm.",
      parent_comment_id: parentId,
      location: GREEN_BOTTLE,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: "location", detail: REPLY_WITH_LOCATION });
  });

  it("asks a visitor to sign in", async () => {
    expect((await post(storyId, null, { content: "Hello" })).statusCode).toBe(401);
  });

  it("does not reveal someone else's private story", async () => {
    const hidden = await storyIn(api, owner, "completed", { isPublic: false });
    const response = await post(hidden, other, { content: "Hello" });
    expect(response.statusCode).toBe(404);
  });

  it("opens comments on ready_for_review stories to their owner, and never while generating", async () => {
    const review = await storyIn(api, owner, "ready_for_review");
    expect((await post(review, owner, { content: "Note to self." })).statusCode).toBe(201);
    const generating = await storyIn(api, owner, "generating");
    const response = await post(generating, owner, { content: "Too early." });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "INVALID_TRANSITION", status: "generating" });
    expect((await list(generating, owner)).statusCode).toBe(409);
  });

  it("answers 429 with Retry-After after 10 comments in a minute by one user", async () => {
    const hasty = await newPerson(api, "hasty");
    for (let i = 0; i < 10; i += 1) {
      expect((await post(storyId, hasty, { content: `Comment ${i}` })).statusCode).toBe(201);
    }
    const response = await post(storyId, hasty, { content: "One more" });
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({ code: "RATE_LIMITED", detail: COMMENTING_TOO_FAST });
    // Others are not held back by one user's pace.
    expect((await post(storyId, other, { content: "Still here" })).statusCode).toBe(201);
  });
});

describe("GET /v1/comments/stories/{id}/comments", () => {
  it("nests replies at any depth under top-level comments, oldest first", async () => {
    const story = await storyIn(api, owner, "completed", { isPublic: true });
    const first = await seed(story, author, { content: "first" });
    const second = await seed(story, other, { content: "second" });
    const reply = await seed(story, owner, { parentId: first, content: "reply" });
    await seed(story, author, { parentId: reply, content: "reply to reply" });
    const response = await list(story, null);
    expect(response.statusCode).toBe(200);
    const tree = response.json();
    expect(tree.map((c: { id: string }) => c.id)).toEqual([first, second]);
    expect(tree[0].children[0]).toMatchObject({ content: "reply", is_by_story_author: true });
    expect(tree[0].children[0].children[0].content).toBe("reply to reply");
    expect(tree[1].children).toEqual([]);
  });

  it("shows others only approved comments, and their author also their own pending ones", async () => {
    const story = await storyIn(api, owner, "completed", { isPublic: true });
    const pending = await seed(story, author, { content: "waiting" });
    await new CommentsQueries(api.database.db).setModeration(pending, "pending");
    const visible = await seed(story, other, { content: "shown" });
    const contents = async (person: TestPerson | null) =>
      (await list(story, person)).json().map((c: { content: string }) => c.content);
    expect(await contents(null)).toEqual(["shown"]);
    expect(await contents(other)).toEqual(["shown"]);
    expect(await contents(author)).toEqual(["waiting", "shown"]);
    expect(visible).toBeTruthy();
  });

  it("counts the limit over all comments, replies included", async () => {
    const story = await storyIn(api, owner, "completed", { isPublic: true });
    const top = await seed(story, author);
    await seed(story, other, { parentId: top });
    await seed(story, other);
    const response = await call("GET", `/v1/comments/stories/${story}/comments?limit=2`, other);
    const tree = response.json();
    expect(tree).toHaveLength(1);
    expect(tree[0].children).toHaveLength(1);
    const tooMany = await call("GET", `/v1/comments/stories/${story}/comments?limit=501`, other);
    expect(tooMany.statusCode).toBe(422);
  });

  it("does not reveal comments of a story the viewer may not see", async () => {
    const hidden = await storyIn(api, owner, "completed", { isPublic: false });
    expect((await list(hidden, other)).statusCode).toBe(404);
    expect((await list(hidden, null)).statusCode).toBe(404);
    expect((await list(hidden, owner)).statusCode).toBe(200);
  });

  it("tells each viewer what they may do with each comment", async () => {
    const story = await storyIn(api, owner, "completed", { isPublic: true });
    await seed(story, author);
    const flags = async (person: TestPerson | null) => {
      const [comment] = (await list(story, person)).json();
      return { can_delete: comment.can_delete, can_report: comment.can_report };
    };
    expect(await flags(author)).toEqual({ can_delete: true, can_report: false });
    expect(await flags(owner)).toEqual({ can_delete: true, can_report: true });
    expect(await flags(other)).toEqual({ can_delete: false, can_report: true });
    expect(await flags(moderator)).toEqual({ can_delete: true, can_report: true });
    expect(await flags(null)).toEqual({ can_delete: false, can_report: false });
  });
});

describe("a story's comment count", () => {
  it("counts the approved comments everyone sees, and a viewer's own pending ones for them", async () => {
    const counted = await storyIn(api, owner, "completed", { isPublic: true });
    await seed(counted, author);
    const reply = await seed(counted, other);
    await seed(counted, author, { parentId: reply });
    const pending = await seed(counted, other, { content: "Waiting for a moderator." });
    await api.database.db
      .update(comments)
      .set({ moderationStatus: "pending" })
      .where(eq(comments.id, pending));
    const count = async (person: TestPerson | null) =>
      (await call("GET", `/v1/stories/${counted}`, person)).json().comment_count;
    expect(await count(null)).toBe(3);
    expect(await count(author)).toBe(3);
    expect(await count(other)).toBe(4);
  });
});

describe("DELETE /v1/comments/comments/{id}", () => {
  it.each([
    ["the comment's author", 200, () => author],
    ["the story's owner", 200, () => owner],
    ["a moderator", 200, () => moderator],
    ["an admin", 200, () => admin],
    ["another user", 403, () => other],
    ["a visitor", 401, () => null],
  ])("answers %s with %i", async (_name, status, who) => {
    const id = await seed(storyId, author);
    const response = await call("DELETE", `/v1/comments/comments/${id}`, who());
    expect(response.statusCode).toBe(status);
    if (status === 200) {
      expect(response.json()).toEqual({ id, deleted: true });
      expect(await commentRow(id)).toBeUndefined();
    } else {
      expect(await commentRow(id)).toBeDefined();
    }
    if (status === 403) expect(response.json().detail).toBe(ONLY_AUTHOR_OR_OWNER_DELETES);
  });

  it("deletes the replies with the comment", async () => {
    const id = await seed(storyId, author);
    const reply = await seed(storyId, other, { parentId: id });
    expect((await call("DELETE", `/v1/comments/comments/${id}`, author)).statusCode).toBe(200);
    expect(await commentRow(reply)).toBeUndefined();
  });

  it("does not reveal a comment that does not exist or that the caller cannot see", async () => {
    expect((await call("DELETE", "/v1/comments/comments/nope", author)).statusCode).toBe(404);
    const id = await seed(storyId, author);
    await new CommentsQueries(api.database.db).setModeration(id, "rejected");
    expect((await call("DELETE", `/v1/comments/comments/${id}`, other)).statusCode).toBe(404);
  });
});

describe("POST /v1/comments/comments/{id}/report", () => {
  const report = (id: string, person: TestPerson | null) =>
    call("POST", `/v1/comments/comments/${id}/report`, person);

  it.each([
    ["another user", 200, () => other],
    ["the story's owner", 200, () => owner],
    ["a moderator", 200, () => moderator],
    ["the comment's author", 403, () => author],
    ["a visitor", 401, () => null],
  ])("answers %s with %i", async (_name, status, who) => {
    const id = await seed(storyId, author);
    const response = await report(id, who());
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(response.json().detail).toBe(CANNOT_REPORT_OWN);
    expect((await commentRow(id))?.flaggedCount).toBe(status === 200 ? 1 : 0);
  });

  it("counts one report per reader however often they report", async () => {
    const id = await seed(storyId, author);
    expect((await report(id, other)).statusCode).toBe(200);
    const again = await report(id, other);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ can_report: false, flagged_count: 0 });
    expect((await commentRow(id))?.flaggedCount).toBe(1);
  });

  it("sends a comment back to pending at 3 reports, out of others' sight", async () => {
    const story = await storyIn(api, owner, "completed", { isPublic: true });
    const id = await seed(story, author);
    const reporters = await Promise.all([1, 2, 3].map(() => newPerson(api, "reporter")));
    for (const [index, reporter] of reporters.entries()) {
      await report(id, reporter);
      const expected = index < 2 ? "approved" : "pending";
      expect((await commentRow(id))?.moderationStatus).toBe(expected);
    }
    expect((await list(story, other)).json()).toEqual([]);
    expect((await list(story, author)).json()[0]).toMatchObject({
      id,
      moderation_status: "pending",
    });
    expect((await report(id, other)).statusCode).toBe(404);
    const queue = (await call("GET", "/v1/admin/comments/pending", moderator)).json();
    expect(queue.find((c: { id: string }) => c.id === id)).toMatchObject({ flagged_count: 3 });
  });

  it("answers 429 with Retry-After after 20 reports in an hour by one user", async () => {
    const zealous = await newPerson(api, "zealous");
    const id = await seed(storyId, author);
    for (let i = 0; i < 20; i += 1) expect((await report(id, zealous)).statusCode).toBe(200);
    const response = await report(id, zealous);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({ code: "RATE_LIMITED", detail: REPORTING_TOO_FAST });
  });
});
