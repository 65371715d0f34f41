import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customAlphabet } from "nanoid";
import type { UserRole } from "@storyloom/common";
import { CommunityQueries } from "../community/community-queries.js";
import { createStory } from "../generation/start-story.js";
import { validStoryRequest } from "../generation/story-request-rules.js";
import type { Database } from "../platform/db/database.js";
import { storyMedia, storyReads, users, type UserRecord } from "../platform/db/schema.js";
import { finishWriting, SAMPLE_CONTENT, SAMPLE_REQUEST } from "../testing/story-fixtures.js";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import { PictureLinks } from "./picture-link-rules.js";
import { openPicture, PICTURE_NOT_FOUND } from "./picture-reading.js";
import { StoriesQueries, type StoryWithAuthor } from "./stories-queries.js";
import { createStoryActions, type StoryActions } from "./story-actions.js";
import { listMyStories, readStory, shareLink } from "./story-reading.js";

// The stories' use cases called without HTTP, on a test database: the rules they hold, as the
// routes rely on them.

const suffix = customAlphabet("abcdefghijklmnopqrstuvwxyz0123456789", 8);

let database: TestDatabase;
let db: Database;
let stories: StoriesQueries;
let community: CommunityQueries;
let actions: StoryActions;
let preModerated: StoryActions;
let owner: UserRecord;
let reader: UserRecord;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  stories = new StoriesQueries(db);
  community = new CommunityQueries(db);
  const deps = { db, stories, community, media: null };
  actions = createStoryActions({
    ...deps,
    moderation: { storyModeration: "off", commentFlagThreshold: 3 },
  });
  preModerated = createStoryActions({
    ...deps,
    moderation: { storyModeration: "pre", commentFlagThreshold: 3 },
  });
  [owner, reader] = await Promise.all([personIn("owner"), personIn("reader")]);
});
afterAll(() => database?.dispose());

/** A signed-up person as the database keeps them. */
async function personIn(name: string, roles: UserRole[] = []): Promise<UserRecord> {
  const id = suffix();
  const [user] = await db
    .insert(users)
    .values({ id, firebaseUid: `uid-${id}`, username: `${name}_${id}`, roles })
    .returning();
  if (!user) throw new Error("inserting a person returned no row");
  return user;
}

/** A story of the owner under review: written by the worker's stand-in, with its cover. */
async function storyUnderReview(): Promise<string> {
  const { publicId } = await createStory(db, owner.id, validStoryRequest(SAMPLE_REQUEST));
  await finishWriting(db, publicId);
  return publicId;
}

/** A story of the owner, completed and public (listed: moderation is off). */
async function listedStory(): Promise<string> {
  const publicId = await storyUnderReview();
  await actions.confirmStory(owner, publicId, {});
  await actions.updateStory(owner, publicId, { isPublic: true });
  return publicId;
}

async function row(publicId: string): Promise<StoryWithAuthor> {
  const story = await stories.findByPublicId(publicId);
  if (story === null) throw new Error(`no story ${publicId}`);
  return story;
}

const failure = (kind: string, detail: string) => expect.objectContaining({ kind, detail });

describe("the owner's actions", () => {
  it("confirms with the owner's edits and answers the story as its owner sees it", async () => {
    const publicId = await storyUnderReview();
    const view = await actions.confirmStory(owner, publicId, { title: "The Keeper" });
    expect(view.story).toMatchObject({ status: "completed", title: "The Keeper" });
    expect(view).toMatchObject({ viewerId: owner.id, authorUsername: owner.username });
    expect(view.access).toEqual({ full: true, pictures: true, reason: "author" });
    expect(view.media.map((picture) => picture.role)).toEqual(["cover"]);
  });

  it("refuses to confirm a story without a chapter, as a transition its status does not allow", async () => {
    const publicId = await storyUnderReview();
    await expect(
      actions.confirmStory(owner, publicId, { content: { chapters: [] } }),
    ).rejects.toThrow(
      expect.objectContaining({
        kind: "conflict",
        code: "INVALID_TRANSITION",
        detail: "Cannot confirm a story that is ready_for_review.",
      }),
    );
    expect((await row(publicId)).status).toBe("ready_for_review");
  });

  it("tells someone who may see the story that only its author changes it, and hides a private one", async () => {
    const listed = await listedStory();
    await expect(actions.updateStory(reader, listed, { isPublic: false })).rejects.toThrow(
      failure("forbidden", "Only the author can change visibility."),
    );
    await expect(actions.discardStory(reader, listed)).rejects.toThrow(
      failure("forbidden", "Only the author can change this story."),
    );
    const underReview = await storyUnderReview();
    await expect(actions.discardStory(reader, underReview)).rejects.toThrow(
      failure("not_found", "Story not found."),
    );
  });

  it("publishes a story made public now, and with STORY_MODERATION=pre it waits for a moderator", async () => {
    const publicId = await storyUnderReview();
    await actions.confirmStory(owner, publicId, {});
    const before = Date.now();
    const { story } = await preModerated.updateStory(owner, publicId, { isPublic: true });
    expect(story).toMatchObject({ isPublic: true, moderationStatus: "pending" });
    expect(story.publishedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("changes nothing when an update asks for nothing, whatever the status", async () => {
    const publicId = await storyUnderReview();
    const before = await row(publicId);
    const { story } = await actions.updateStory(owner, publicId, {});
    expect(story.eventSeq).toBe(before.eventSeq);
  });

  it("restarts from scratch in a new generation, private again, the old pictures gone", async () => {
    const publicId = await storyUnderReview();
    const before = await row(publicId);
    const { story } = await actions.restartStory(owner, publicId);
    expect(story).toMatchObject({
      status: "generating",
      progress: 0,
      content: null,
      isPublic: false,
      generation: before.generation + 1,
      statusMessage: "Restarting story generation...",
    });
    const [left] = await db
      .select({ pictures: count() })
      .from(storyMedia)
      .where(eq(storyMedia.storyId, story.id));
    expect(left?.pictures).toBe(0);
  });

  it("asks for new pictures of a completed story without changing its status", async () => {
    const publicId = await listedStory();
    const before = await row(publicId);
    const { story } = await actions.regenerateArt(owner, publicId, true);
    expect(story).toMatchObject({
      status: "completed",
      imagesState: "pending",
      imagesAlbumArtOnly: true,
      imagesVariant: before.imagesVariant + 1,
    });
  });
});

describe("reading", () => {
  const readsOf = async (publicId: string) => {
    const story = await row(publicId);
    const [counted] = await db
      .select({ reads: count() })
      .from(storyReads)
      .where(eq(storyReads.storyId, story.id));
    return counted?.reads ?? 0;
  };
  const reading = () => ({ community, readHashSecret: "a-test-secret" });

  it("counts a listed story's reads once a day per reader, and never its owner's", async () => {
    const publicId = await listedStory();
    await readStory(reading(), owner, publicId, "203.0.113.7");
    expect(await readsOf(publicId)).toBe(0);
    await readStory(reading(), reader, publicId, "203.0.113.7");
    await readStory(reading(), reader, publicId, "198.51.100.1");
    expect(await readsOf(publicId)).toBe(1);
    // A visitor is their address, whatever browser they name: a second visit is the same reader.
    await readStory(reading(), null, publicId, "203.0.113.7");
    await readStory(reading(), null, publicId, "203.0.113.7");
    expect(await readsOf(publicId)).toBe(2);
  });

  it("answers a private story as not found to anyone but its owner", async () => {
    const publicId = await storyUnderReview();
    await expect(readStory(reading(), reader, publicId, "203.0.113.7")).rejects.toThrow(
      failure("not_found", "Story not found."),
    );
    const view = await readStory(reading(), owner, publicId, "203.0.113.7");
    expect(view.story.content).toEqual(SAMPLE_CONTENT);
  });

  it("lists the owner's stories newest first, their username on every card, in pages", async () => {
    const author = await personIn("author");
    for (const title of ["One", "Two", "Three"]) {
      await createStory(db, author.id, validStoryRequest({ ...SAMPLE_REQUEST, title }));
    }
    const first = await listMyStories(community, author, { size: 2, cursor: undefined });
    expect(first.cards.map((card) => card.title)).toEqual(["Three", "Two"]);
    expect(first.cards.every((card) => card.authorUsername === author.username)).toBe(true);
    const next = await listMyStories(community, author, {
      size: 2,
      cursor: first.nextCursor ?? undefined,
    });
    expect(next).toMatchObject({ cards: [{ title: "One" }], nextCursor: null });
  });

  it("shares only a listed story: a private one is a conflict, not an address", async () => {
    const sharing = { db, stories, media: null, publicBaseUrl: "https://storyloom.test" };
    const listed = await listedStory();
    expect(await shareLink(sharing, null, listed)).toBe(`https://storyloom.test/stories/${listed}`);
    const publicId = await storyUnderReview();
    await actions.confirmStory(owner, publicId, {});
    await expect(shareLink(sharing, owner, publicId)).rejects.toThrow(
      expect.objectContaining({ code: "NOT_SHAREABLE", detail: "Cannot share a private story." }),
    );
  });
});

describe("pictures", () => {
  it("serves a private story's cover to its owner only, everyone else being told it does not exist", async () => {
    const publicId = await storyUnderReview();
    const [cover] = (await actions.confirmStory(owner, publicId, {})).media;
    if (cover === undefined) throw new Error("no cover");
    const deps = { db, stories, links: new PictureLinks("a-test-secret"), media: null };
    const picture = await openPicture(deps, owner, cover.id, {});
    expect(picture).toMatchObject({ contentType: "image/svg+xml", everyones: false });
    expect((await picture.bytes()).length).toBeGreaterThan(0);
    await expect(openPicture(deps, reader, cover.id, {})).rejects.toThrow(
      failure("not_found", PICTURE_NOT_FOUND),
    );
  });
});
