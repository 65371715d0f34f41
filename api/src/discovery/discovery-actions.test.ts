import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CommunityQueries } from "../community/community-queries.js";
import { maintainedTrending } from "../community/trending-snapshots.js";
import type { Database } from "../platform/db/database.js";
import { stories, type UserRecord } from "../platform/db/schema.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import { personIn, writtenStory } from "../testing/direct-fixtures.js";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import {
  createCategory,
  deleteCategory,
  getCategory,
  removeTag,
  setStoryCategory,
} from "./category-actions.js";
import {
  ADMINS_ONLY,
  CATEGORY_IN_USE,
  CATEGORY_NOT_FOUND,
  MOVE_TO_ITSELF,
  ONLY_AUTHOR_CATEGORY,
} from "./category-rules.js";
import { DiscoveryQueries } from "./discovery-queries.js";
import { listStories } from "./public-story-lists.js";

// Discovery's use cases called directly, without HTTP (discovery.test.ts and story-lists.test.ts
// drive the routes).

let database: TestDatabase;
let db: Database;
let owner: UserRecord;
let reader: UserRecord;
let admin: UserRecord;
let discovery: DiscoveryQueries;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  [owner, reader, admin] = await Promise.all([
    personIn(db, "owner"),
    personIn(db, "reader"),
    personIn(db, "admin", ["admin"]),
  ]);
  discovery = new DiscoveryQueries(db);
});
afterAll(() => database?.dispose());

/** What picking a story's category reads and writes with. */
const pickingDeps = () => ({
  db,
  stories: new StoriesQueries(db),
  community: new CommunityQueries(db),
  discovery,
});

describe("categories and tags without HTTP", () => {
  it("lets only admins change categories and tags", async () => {
    await expect(
      createCategory(discovery, reader, { name: "Heists", description: null }),
    ).rejects.toMatchObject({ kind: "forbidden", detail: ADMINS_ONLY });
    const category = await createCategory(discovery, admin, {
      name: "  Heists ",
      description: "  ",
    });
    expect(category).toMatchObject({ name: "Heists", slug: "heists", description: null });
    await expect(deleteCategory(discovery, owner, category.id, null)).rejects.toMatchObject({
      detail: ADMINS_ONLY,
    });
    await expect(removeTag(discovery, owner, "mystery")).rejects.toMatchObject({
      detail: ADMINS_ONLY,
    });
  });

  it("deletes a category that has stories only by moving them to another one", async () => {
    const [from, to] = await Promise.all([
      createCategory(discovery, admin, { name: "Old shelf", description: null }),
      createCategory(discovery, admin, { name: "New shelf", description: null }),
    ]);
    const story = await writtenStory(db, owner, { isPublic: true });
    await setStoryCategory(pickingDeps(), owner, story.publicId, from.id);

    await expect(deleteCategory(discovery, admin, from.id, null)).rejects.toMatchObject({
      code: "CATEGORY_IN_USE",
      detail: CATEGORY_IN_USE,
    });
    await expect(deleteCategory(discovery, admin, from.id, from.id)).rejects.toMatchObject({
      detail: MOVE_TO_ITSELF,
      details: { field: "move_to" },
    });
    await deleteCategory(discovery, admin, from.id, to.id);
    await expect(getCategory(discovery, from.id)).rejects.toMatchObject({
      kind: "not_found",
      detail: CATEGORY_NOT_FOUND,
    });
    const [moved] = await db.select().from(stories).where(eq(stories.id, story.id));
    expect(moved).toMatchObject({ categoryId: to.id, categoryName: "New shelf" });
    expect((await getCategory(discovery, to.id)).storyCount).toBe(1);
  });

  it("lets only the story's owner pick its category, and only one that exists", async () => {
    const deps = pickingDeps();
    const category = await createCategory(discovery, admin, { name: "Sea", description: null });
    const story = await writtenStory(db, owner, { isPublic: true });
    await expect(setStoryCategory(deps, reader, story.publicId, category.id)).rejects.toMatchObject(
      { kind: "forbidden", detail: ONLY_AUTHOR_CATEGORY },
    );
    await expect(
      setStoryCategory(deps, owner, story.publicId, "nosuchcategory"),
    ).rejects.toMatchObject({ kind: "invalid", details: { field: "category_id" } });
    const picked = await setStoryCategory(deps, owner, story.publicId, category.id);
    expect(picked.story).toMatchObject({ categoryId: category.id, categoryName: "Sea" });
    expect(picked.authorUsername).toBe(owner.username);
    const cleared = await setStoryCategory(deps, owner, story.publicId, null);
    expect(cleared.story).toMatchObject({ categoryId: null, categoryName: null });
  });
});

describe("the public lists without HTTP", () => {
  it("pages the popular ranking at its first page's instant: later stories wait for a new ranking", async () => {
    const tag = "frozen";
    let now = new Date();
    const clock = () => now;
    const deps = {
      community: new CommunityQueries(db),
      ...maintainedTrending(db, { refreshMs: 0, retentionMs: 60_000 }, clock),
      discovery,
      now: clock,
    };
    const tagged = async (publishedAt: Date) => {
      const story = await writtenStory(db, owner, { isPublic: true });
      await db
        .update(stories)
        .set({ tags: [tag], publishedAt })
        .where(eq(stories.id, story.id));
      return story;
    };
    const asOf = new Date();
    const first = await tagged(new Date(asOf.getTime() - 60_000));
    const second = await tagged(new Date(asOf.getTime() - 120_000));
    now = asOf;
    const popular = { filters: { tag }, sort: "popular" as const, size: 1 };

    const page1 = await listStories(deps, null, { ...popular, cursor: undefined });
    expect(page1.nextCursor).not.toBeNull();
    // Published after the ranking's instant: on no page of this ranking.
    const later = await tagged(new Date(asOf.getTime() + 60_000));
    now = new Date(asOf.getTime() + 120_000);
    const page2 = await listStories(deps, null, { ...popular, cursor: page1.nextCursor ?? "" });
    expect(page2.nextCursor).toBeNull();
    const ranked = [...page1.cards, ...page2.cards].map((card) => card.id);
    expect(ranked).toEqual([first.id, second.id]);

    const fresh = await listStories(deps, null, { ...popular, size: 5, cursor: undefined });
    expect(fresh.cards.map((card) => card.id)).toEqual([later.id, first.id, second.id]);
  });
});
