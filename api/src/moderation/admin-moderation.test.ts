import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CommentsQueries } from "../comments/comments-queries.js";
import { comments, users } from "../platform/db/schema.js";
import { type UserRole } from "@storyloom/common";
import type { ModerationSettings } from "./moderation-rules.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import { newPerson, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";
import { MODERATORS_ONLY, REJECTION_REASON_REQUIRED } from "./moderation-rules.js";

let api: TestApi;
// The settings the app was built with; the STORY_MODERATION=pre tests switch them.
const moderation: ModerationSettings = { storyModeration: "off", commentFlagThreshold: 3 };
let owner: TestPerson;
let reader: TestPerson;
let moderator: TestPerson;
let admin: TestPerson;
beforeAll(async () => {
  api = await startTestApi(undefined, { moderation });
  [owner, reader, moderator, admin] = await Promise.all([
    newPerson(api, "owner"),
    newPerson(api, "reader"),
    newPerson(api, "moderator"),
    newPerson(api, "admin"),
  ]);
  await grant(moderator, ["moderator"]);
  await grant(admin, ["admin"]);
});
afterAll(() => api?.close());

async function grant(person: TestPerson, roles: UserRole[]) {
  await api.database.db.update(users).set({ roles }).where(eq(users.id, person.id));
}

const call = (
  method: "GET" | "POST" | "PATCH",
  url: string,
  person: TestPerson | null,
  payload?: object,
) =>
  api.app.inject({ method, url, headers: person?.headers ?? {}, ...(payload ? { payload } : {}) });

async function pendingComment(): Promise<string> {
  const publicId = await storyIn(api, owner, "completed", { isPublic: true });
  const story = await new StoriesQueries(api.database.db).findByPublicId(publicId);
  if (story === null) throw new Error("no story");
  const queries = new CommentsQueries(api.database.db);
  const created = await queries.insert({
    storyId: story.id,
    authorId: reader.id,
    parentId: null,
    content: "Reported too often.",
    anchorStart: null,
    anchorEnd: null,
    quote: null,
    quotePrefix: null,
    quoteSuffix: null,
  });
  await api.database.db
    .update(comments)
    .set({ moderationStatus: "pending", flaggedCount: 3 })
    .where(eq(comments.id, created.id));
  return created.id;
}

describe("who may moderate", () => {
  const routes: Array<
    [string, "GET" | "POST", (ids: { comment: string; story: string }) => string]
  > = [
    ["the pending comments", "GET", () => "/v1/admin/comments/pending"],
    ["approving a comment", "POST", ({ comment }) => `/v1/admin/comments/${comment}/approve`],
    ["rejecting a comment", "POST", ({ comment }) => `/v1/admin/comments/${comment}/reject`],
    ["the pending stories", "GET", () => "/v1/admin/stories/pending"],
    ["approving a story", "POST", ({ story }) => `/v1/admin/stories/${story}/approve`],
    ["rejecting a story", "POST", ({ story }) => `/v1/admin/stories/${story}/reject?reason=Spam`],
  ];
  it.each(routes)(
    "%s: 401 for visitors, 403 for readers and story owners, 200 for moderators and admins",
    async (_name, method, url) => {
      const ids = {
        comment: await pendingComment(),
        story: await storyIn(api, owner, "completed", { isPublic: true }),
      };
      expect((await call(method, url(ids), null)).statusCode).toBe(401);
      for (const person of [reader, owner]) {
        const refused = await call(method, url(ids), person);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().detail).toBe(MODERATORS_ONLY);
      }
      expect((await call(method, url(ids), moderator)).statusCode).toBe(200);
      expect((await call(method, url(ids), admin)).statusCode).toBe(200);
    },
  );
});

describe("comment moderation", () => {
  it("lists pending comments with their real flag count, and approving one shows it again", async () => {
    const id = await pendingComment();
    const queue = (await call("GET", "/v1/admin/comments/pending", moderator)).json();
    expect(queue.find((c: { id: string }) => c.id === id)).toMatchObject({
      moderation_status: "pending",
      flagged_count: 3,
    });
    const approved = await call("POST", `/v1/admin/comments/${id}/approve`, moderator);
    expect(approved.json()).toMatchObject({ id, moderation_status: "approved", flagged_count: 0 });
    const after = (await call("GET", "/v1/admin/comments/pending", moderator)).json();
    expect(after.some((c: { id: string }) => c.id === id)).toBe(false);
  });

  it("rejecting a comment hides it from everyone but its author", async () => {
    const id = await pendingComment();
    const rejected = await call("POST", `/v1/admin/comments/${id}/reject`, admin);
    expect(rejected.json()).toMatchObject({ id, moderation_status: "rejected" });
    expect((await call("POST", `/v1/comments/comments/${id}/report`, owner, {})).statusCode).toBe(
      404,
    );
  });

  it("answers 404 for a comment that does not exist", async () => {
    expect((await call("POST", "/v1/admin/comments/nope/approve", moderator)).statusCode).toBe(404);
  });
});

describe("story moderation (STORY_MODERATION=pre)", () => {
  afterEach(() => {
    moderation.storyModeration = "off";
  });

  async function published(): Promise<string> {
    moderation.storyModeration = "pre";
    const id = await storyIn(api, owner, "completed", { isPublic: false });
    const response = await call("PATCH", `/v1/stories/${id}`, owner, { is_public: true });
    expect(response.json()).toMatchObject({ is_public: true, moderation_status: "pending" });
    return id;
  }

  it("keeps a newly public story from others until a moderator approves it", async () => {
    const id = await published();
    expect((await call("GET", `/v1/stories/${id}`, reader)).statusCode).toBe(404);
    expect((await call("GET", `/v1/stories/${id}`, owner)).statusCode).toBe(200);
    const queue = (await call("GET", "/v1/admin/stories/pending", moderator)).json();
    expect(queue.find((s: { public_id: string }) => s.public_id === id)).toMatchObject({
      content: { chapters: expect.any(Array) },
    });
    const approved = await call("POST", `/v1/admin/stories/${id}/approve`, moderator);
    expect(approved.json()).toMatchObject({ moderation_status: "approved" });
    expect((await call("GET", `/v1/stories/${id}`, reader)).statusCode).toBe(200);
  });

  it("rejects a story only with a reason, which its owner then sees", async () => {
    const id = await published();
    for (const query of ["", "?reason=", "?reason=%20%20"]) {
      const refused = await call("POST", `/v1/admin/stories/${id}/reject${query}`, admin);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ field: "reason", detail: REJECTION_REASON_REQUIRED });
    }
    const rejected = await call(
      "POST",
      `/v1/admin/stories/${id}/reject?reason=Copied%20text`,
      admin,
    );
    expect(rejected.statusCode).toBe(200);
    expect((await call("GET", `/v1/stories/${id}`, reader)).statusCode).toBe(404);
    expect((await call("GET", `/v1/stories/${id}`, owner)).json()).toMatchObject({
      moderation_status: "rejected",
      moderation_reason: "Copied text",
    });
  });

  it("lets moderators and admins read a story in the queue, its pictures and comments, before deciding", async () => {
    const id = await published();
    const story = (await call("GET", `/v1/stories/${id}`, moderator)).json();
    expect(story).toMatchObject({ public_id: id, moderation_status: "pending", is_owner: false });
    expect((await call("GET", `/v1/stories/${id}`, admin)).statusCode).toBe(200);
    expect((await call("GET", story.header_image_url, moderator)).statusCode).toBe(200);
    expect((await call("GET", `/v1/comments/stories/${id}/comments`, moderator)).statusCode).toBe(
      200,
    );
    for (const person of [reader, null]) {
      expect((await call("GET", `/v1/stories/${id}`, person)).statusCode).toBe(404);
      expect((await call("GET", story.header_image_url, person)).statusCode).toBe(404);
    }
    // Still readable once rejected, so a second moderator can look again.
    await call("POST", `/v1/admin/stories/${id}/reject?reason=Copied%20text`, moderator);
    expect((await call("GET", `/v1/stories/${id}`, moderator)).json()).toMatchObject({
      moderation_status: "rejected",
      // The reason is its owner's to read.
      moderation_reason: null,
    });
  });

  it("keeps a private story and a draft from moderators", async () => {
    for (const id of [
      await storyIn(api, owner, "completed", { isPublic: false }),
      await storyIn(api, owner, "ready_for_review"),
    ]) {
      expect((await call("GET", `/v1/stories/${id}`, moderator)).statusCode).toBe(404);
      expect((await call("GET", `/v1/stories/${id}`, admin)).statusCode).toBe(404);
    }
  });

  it("approves a story made public at once when moderation is off", async () => {
    moderation.storyModeration = "off";
    const id = await storyIn(api, owner, "completed", { isPublic: false });
    const response = await call("PATCH", `/v1/stories/${id}`, owner, { is_public: true });
    expect(response.json()).toMatchObject({ moderation_status: "approved" });
    expect((await call("GET", `/v1/stories/${id}`, reader)).statusCode).toBe(200);
  });
});
