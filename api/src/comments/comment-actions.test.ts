import { canonicalText } from "@storyloom/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.js";
import type { UserRecord } from "../platform/db/schema.js";
import { freePartLength } from "../stories/access-rules.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import { createStory } from "../generation/start-story.js";
import { validStoryRequest } from "../generation/story-request-rules.js";
import { LOCKED_WORDS, PRICED_CONTENT } from "../testing/access-fixtures.js";
import { countingLimiter, personIn, writtenStory } from "../testing/direct-fixtures.js";
import { SAMPLE_REQUEST } from "../testing/story-fixtures.js";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import {
  addComment,
  deleteComment,
  listStoryComments,
  reportComment,
  type CommentDeps,
  type NewCommentInput,
} from "./comment-actions.js";
import {
  CANNOT_REPORT_OWN,
  ONLY_AUTHOR_OR_OWNER_DELETES,
  PARENT_NOT_ON_STORY,
  REPLY_WITH_LOCATION,
} from "./comment-rules.js";
import { CommentsQueries } from "./comments-queries.js";

// The discussion's use cases called directly, without HTTP (comments.test.ts drives the routes).

let database: TestDatabase;
let db: Database;
let owner: UserRecord;
let reader: UserRecord;
let other: UserRecord;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  [owner, reader, other] = await Promise.all([
    personIn(db, "owner"),
    personIn(db, "reader"),
    personIn(db, "other"),
  ]);
});
afterAll(() => database?.dispose());

function commentDeps(commentFlagThreshold = 3) {
  return {
    db,
    stories: new StoriesQueries(db),
    comments: new CommentsQueries(db),
    postLimiter: countingLimiter(),
    reportLimiter: countingLimiter(),
    commentFlagThreshold,
  } satisfies CommentDeps;
}

const say = (content: string, more: Partial<NewCommentInput> = {}): NewCommentInput => ({
  content,
  parentId: null,
  location: null,
  ...more,
});

describe("addComment", () => {
  it("lets a reader of the free part anchor a note in it, never past it, and spends no turn on a refusal", async () => {
    const deps = commentDeps();
    const story = await writtenStory(db, owner, {
      isPublic: true,
      content: PRICED_CONTENT,
      priceCents: 199,
    });
    const text = canonicalText(PRICED_CONTENT);
    const start = text.indexOf(LOCKED_WORDS);
    const locked = { start, end: start + LOCKED_WORDS.length };

    const refused = addComment(deps, reader, story.publicId, say("Peeking.", { location: locked }));
    await expect(refused).rejects.toMatchObject({
      kind: "invalid",
      details: { field: "location" },
    });
    expect(deps.postLimiter.turns).toBe(0);

    const free = text.indexOf("green bottle");
    const note = await addComment(
      deps,
      reader,
      story.publicId,
      say("Green!", { location: { start: free, end: free + "green bottle".length } }),
    );
    expect(note.row.comment.quote).toBe("green bottle");
    expect(note.lockedFrom).toBe(freePartLength(PRICED_CONTENT));
    expect(deps.postLimiter.turns).toBe(1);

    // The author reads it all, so may quote it all.
    const theirs = await addComment(
      deps,
      owner,
      story.publicId,
      say("Mine.", { location: locked }),
    );
    expect(theirs.row.comment.quote).toBe(LOCKED_WORDS);
    expect(theirs.lockedFrom).toBeNull();
  });

  it("refuses a reply anchored to a passage and a reply to another story's comment", async () => {
    const deps = commentDeps();
    const story = await writtenStory(db, owner, { isPublic: true });
    const elsewhere = await writtenStory(db, owner, { isPublic: true });
    const parent = await addComment(deps, reader, elsewhere.publicId, say("Over here."));
    const parentId = parent.row.comment.id;

    await expect(
      addComment(deps, other, story.publicId, say("Re.", { parentId })),
    ).rejects.toMatchObject({ detail: PARENT_NOT_ON_STORY });
    await expect(
      addComment(
        deps,
        other,
        elsewhere.publicId,
        say("Re.", { parentId, location: { start: 17, end: 31 } }),
      ),
    ).rejects.toMatchObject({ detail: REPLY_WITH_LOCATION });
    const reply = await addComment(deps, other, elsewhere.publicId, say("Re.", { parentId }));
    expect(reply.row.comment.parentId).toBe(parentId);
  });

  it("keeps a story's discussion closed while it is being written, and hides a private one", async () => {
    const deps = commentDeps();
    const writing = await createStory(db, owner.id, validStoryRequest(SAMPLE_REQUEST));
    await expect(addComment(deps, owner, writing.publicId, say("Early."))).rejects.toMatchObject({
      code: "INVALID_TRANSITION",
      details: { status: "generating" },
    });
    const draft = await writtenStory(db, owner, { status: "ready_for_review" });
    // The owner reviewing the draft may already annotate it; nobody else sees it.
    await expect(
      addComment(deps, owner, draft.publicId, say("Note to self.")),
    ).resolves.toBeTruthy();
    await expect(addComment(deps, reader, draft.publicId, say("Hi."))).rejects.toMatchObject({
      kind: "not_found",
    });
  });
});

describe("reportComment", () => {
  it("sends an approved comment back to pending at the threshold, one report per reader", async () => {
    const deps = commentDeps(2);
    const story = await writtenStory(db, owner, { isPublic: true });
    const added = await addComment(deps, reader, story.publicId, say("Spam?"));
    const id = added.row.comment.id;

    await expect(reportComment(deps, reader, id)).rejects.toMatchObject({
      detail: CANNOT_REPORT_OWN,
    });
    const once = await reportComment(deps, other, id);
    const twice = await reportComment(deps, other, id);
    expect([once.row.comment.flaggedCount, twice.row.comment.flaggedCount]).toEqual([1, 1]);
    expect(twice.row.comment.moderationStatus).toBe("approved");
    expect(twice.row.viewerReported).toBe(true);

    const pending = await reportComment(deps, owner, id);
    expect(pending.row.comment).toMatchObject({ flaggedCount: 2, moderationStatus: "pending" });
    expect(deps.reportLimiter.turns).toBe(3);
  });
});

describe("deleteComment and listStoryComments", () => {
  it("lets the story's owner delete a reader's comment with its replies, and no other reader", async () => {
    const deps = commentDeps();
    const story = await writtenStory(db, owner, { isPublic: true });
    const added = await addComment(deps, reader, story.publicId, say("Lovely."));
    const id = added.row.comment.id;
    await addComment(deps, other, story.publicId, say("Agreed.", { parentId: id }));

    await expect(deleteComment(deps, other, id)).rejects.toMatchObject({
      kind: "forbidden",
      detail: ONLY_AUTHOR_OR_OWNER_DELETES,
    });
    expect((await listStoryComments(deps, null, story.publicId, 50)).rows).toHaveLength(2);
    expect(await deleteComment(deps, owner, id)).toBe(id);
    expect((await listStoryComments(deps, null, story.publicId, 50)).rows).toEqual([]);
  });

  it("shows the viewer their own pending comment and nobody else's", async () => {
    const deps = commentDeps(1);
    const story = await writtenStory(db, owner, { isPublic: true });
    const added = await addComment(deps, reader, story.publicId, say("Hidden soon."));
    await reportComment(deps, other, added.row.comment.id);

    const ids = async (viewer: UserRecord | null) =>
      (await listStoryComments(deps, viewer, story.publicId, 50)).rows.map((row) => row.comment.id);
    expect(await ids(reader)).toEqual([added.row.comment.id]);
    expect(await ids(other)).toEqual([]);
    expect(await ids(null)).toEqual([]);
  });
});
