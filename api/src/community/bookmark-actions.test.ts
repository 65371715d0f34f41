import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.js";
import { stories, type UserRecord } from "../platform/db/schema.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import { personIn, writtenStory } from "../testing/direct-fixtures.js";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import {
  bookmarkStory,
  listMyBookmarks,
  unbookmarkStory,
  type BookmarkDeps,
} from "./bookmark-actions.js";
import { BookmarkQueries } from "./bookmark-queries.js";
import { CommunityQueries } from "./community-queries.js";

// The bookmarks' use cases called directly, without HTTP (bookmarks.test.ts drives the routes).

let database: TestDatabase;
let db: Database;
let owner: UserRecord;
let deps: BookmarkDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  owner = await personIn(db, "owner");
  deps = {
    db,
    stories: new StoriesQueries(db),
    community: new CommunityQueries(db),
    bookmarks: new BookmarkQueries(db),
  };
});
afterAll(() => database?.dispose());

const bookmarkedIds = async (reader: UserRecord, size = 10, cursor?: string) => {
  const page = await listMyBookmarks(deps.bookmarks, reader, { size, cursor });
  return { ids: page.cards.map((card) => card.id), nextCursor: page.nextCursor };
};

describe("bookmarks without HTTP", () => {
  it("finds no story the reader may not see, and bookmarks nothing then", async () => {
    const reader = await personIn(db, "reader");
    const hidden = await writtenStory(db, owner, { isPublic: false });
    await expect(bookmarkStory(deps, reader, hidden.publicId)).rejects.toMatchObject({
      kind: "not_found",
    });
    await expect(unbookmarkStory(deps, reader, "nosuchstory1")).rejects.toMatchObject({
      kind: "not_found",
    });
    expect((await bookmarkedIds(reader)).ids).toEqual([]);
    // Its owner may bookmark their own private story.
    await bookmarkStory(deps, owner, hidden.publicId);
    expect((await bookmarkedIds(owner)).ids).toContain(hidden.id);
  });

  it("keeps one bookmark however often, most recent first, a page at a time", async () => {
    const reader = await personIn(db, "reader");
    const first = await writtenStory(db, owner, { isPublic: true });
    const second = await writtenStory(db, owner, { isPublic: true });
    await bookmarkStory(deps, reader, first.publicId);
    await bookmarkStory(deps, reader, second.publicId);
    const again = await bookmarkStory(deps, reader, first.publicId);
    expect(again.story.publicId).toBe(first.publicId);
    expect(again.community).toMatchObject({ isBookmarked: true, bookmarkCount: 1 });

    const page1 = await bookmarkedIds(reader, 1);
    expect(page1.ids).toEqual([second.id]);
    const page2 = await bookmarkedIds(reader, 1, page1.nextCursor ?? undefined);
    expect(page2).toEqual({ ids: [first.id], nextCursor: null });

    await unbookmarkStory(deps, reader, second.publicId);
    const removed = await unbookmarkStory(deps, reader, second.publicId);
    expect(removed.community).toMatchObject({ isBookmarked: false, bookmarkCount: 0 });
    expect((await bookmarkedIds(reader)).ids).toEqual([first.id]);
  });

  it("drops a story its owner made private from another reader's bookmarks", async () => {
    const reader = await personIn(db, "reader");
    const story = await writtenStory(db, owner, { isPublic: true });
    await bookmarkStory(deps, reader, story.publicId);
    await db.update(stories).set({ isPublic: false }).where(eq(stories.id, story.id));
    expect((await bookmarkedIds(reader)).ids).toEqual([]);
  });
});
