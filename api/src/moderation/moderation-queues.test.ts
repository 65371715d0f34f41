import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CommentsQueries } from "../comments/comments-queries.js";
import type { Database } from "../platform/db/database.js";
import { comments, stories, type UserRecord } from "../platform/db/schema.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import { personIn, writtenStory } from "../testing/direct-fixtures.js";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import { approveComment, listPendingComments, rejectComment } from "./comment-moderation.js";
import { MODERATORS_ONLY, REJECTION_REASON_REQUIRED } from "./moderation-rules.js";
import { approveStory, listPendingStories, rejectStory } from "./story-moderation.js";

// The moderation queues' use cases called directly, without HTTP (admin-moderation.test.ts drives
// the routes).

let database: TestDatabase;
let db: Database;
let owner: UserRecord;
let reader: UserRecord;
let moderator: UserRecord;
let admin: UserRecord;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  [owner, reader, moderator, admin] = await Promise.all([
    personIn(db, "owner"),
    personIn(db, "reader"),
    personIn(db, "moderator", ["moderator"]),
    personIn(db, "admin", ["admin"]),
  ]);
});
afterAll(() => database?.dispose());

const storyDeps = () => ({ db, stories: new StoriesQueries(db), media: null });

/** A public story waiting for a moderator, as STORY_MODERATION=pre leaves it. */
async function pendingStory() {
  const story = await writtenStory(db, owner, { isPublic: true });
  await db.update(stories).set({ moderationStatus: "pending" }).where(eq(stories.id, story.id));
  return story;
}

/** A comment reported past the threshold: pending, with its reports counted. */
async function reportedComment(storyId: string) {
  const created = await new CommentsQueries(db).insert({
    storyId,
    authorId: reader.id,
    parentId: null,
    content: "Buy cheap pills.",
    anchorStart: null,
    anchorEnd: null,
    quote: null,
    quotePrefix: null,
    quoteSuffix: null,
  });
  await db
    .update(comments)
    .set({ moderationStatus: "pending", flaggedCount: 3 })
    .where(eq(comments.id, created.id));
  return created.id;
}

describe("the moderation queues without HTTP", () => {
  it("refuses every decision to a reader without a role", async () => {
    const story = await pendingStory();
    const commentId = await reportedComment(story.id);
    const queries = new CommentsQueries(db);
    const refusals = [
      () => listPendingStories(new StoriesQueries(db), reader, 50),
      () => approveStory(storyDeps(), reader, story.publicId),
      () => rejectStory(storyDeps(), owner, story.publicId, "Mine."),
      () => listPendingComments(queries, reader, 50),
      () => approveComment(queries, owner, commentId),
      () => rejectComment(queries, reader, commentId),
    ];
    for (const refusal of refusals) {
      await expect(refusal()).rejects.toMatchObject({ kind: "forbidden", detail: MODERATORS_ONLY });
    }
    const [after] = await db.select().from(stories).where(eq(stories.id, story.id));
    expect(after?.moderationStatus).toBe("pending");
  });

  it("rejects a story only with a reason, trimmed, and an approval clears the reason", async () => {
    const story = await pendingStory();
    const queue = await listPendingStories(new StoriesQueries(db), moderator, 50);
    const waiting = queue.find((each) => each.story.id === story.id);
    // Moderators read the story whole before deciding.
    expect(waiting?.access.full).toBe(true);
    expect(waiting?.authorUsername).toBe(owner.username);

    for (const reason of [undefined, "", "   "]) {
      await expect(
        rejectStory(storyDeps(), moderator, story.publicId, reason),
      ).rejects.toMatchObject({
        kind: "invalid",
        detail: REJECTION_REASON_REQUIRED,
        details: { field: "reason" },
      });
    }
    const rejected = await rejectStory(storyDeps(), admin, story.publicId, "  Off topic. ");
    expect(rejected.story).toMatchObject({
      moderationStatus: "rejected",
      moderationReason: "Off topic.",
    });
    expect(rejected.story.eventSeq).toBeGreaterThan(story.eventSeq);

    const approved = await approveStory(storyDeps(), moderator, story.publicId);
    expect(approved.story).toMatchObject({ moderationStatus: "approved", moderationReason: null });
    const left = await listPendingStories(new StoriesQueries(db), moderator, 50);
    expect(left.map((each) => each.story.id)).not.toContain(story.id);
  });

  it("approving a reported comment forgets its reports; rejecting keeps them", async () => {
    const story = await writtenStory(db, owner, { isPublic: true });
    const queries = new CommentsQueries(db);
    const approvedId = await reportedComment(story.id);
    const rejectedId = await reportedComment(story.id);
    const pending = await listPendingComments(queries, moderator, 50);
    expect(pending.map((row) => row.comment.id)).toEqual(
      expect.arrayContaining([approvedId, rejectedId]),
    );

    const approved = await approveComment(queries, moderator, approvedId);
    expect(approved.comment).toMatchObject({ moderationStatus: "approved", flaggedCount: 0 });
    expect(approved.story.id).toBe(story.id);
    const rejected = await rejectComment(queries, admin, rejectedId);
    expect(rejected.comment).toMatchObject({ moderationStatus: "rejected", flaggedCount: 3 });
    await expect(approveComment(queries, moderator, "no-such-comment")).rejects.toMatchObject({
      kind: "not_found",
    });
    const left = await listPendingComments(queries, moderator, 50);
    expect(left.map((row) => row.comment.id)).not.toContain(approvedId);
    expect(left.map((row) => row.comment.id)).not.toContain(rejectedId);
  });
});
