import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customAlphabet } from "nanoid";
import { CommunityQueries } from "../community/community-queries.js";
import { CATEGORY_NOT_FOUND } from "../discovery/category-rules.js";
import { DiscoveryQueries } from "../discovery/discovery-queries.js";
import type { Database } from "../platform/db/database.js";
import { users, type UserRecord } from "../platform/db/schema.js";
import {
  createRateLimiters,
  STARTING_TOO_FAST,
  type RateLimiters,
} from "../platform/limits/rate-limits.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import { finishWriting, SAMPLE_REQUEST } from "../testing/story-fixtures.js";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import { createStoryWatching, type StoryWatching } from "./live/story-watching.js";
import { startStory, STARTING_MESSAGE, type StartStoryDeps } from "./start-story.js";
import { OUTLINE_REQUIRED } from "./story-request-rules.js";

// Generation's use cases called without HTTP, on a test database: starting a story (the form's
// rules, its category, the start limits) and watching one being written.

const suffix = customAlphabet("abcdefghijklmnopqrstuvwxyz0123456789", 8);
const ADDRESS = "203.0.113.7";

let database: TestDatabase;
let db: Database;
let limits: RateLimiters;
let deps: StartStoryDeps;
let watching: StoryWatching;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  // Two starts per address in the window; ten per writer.
  limits = createRateLimiters(db, { anonymousRequestsPerMinute: 0, storyStartsPerAddress: 2 });
  deps = {
    db,
    stories: new StoriesQueries(db),
    community: new CommunityQueries(db),
    discovery: new DiscoveryQueries(db),
    media: null,
    limiters: { perUser: limits.storyStarts, perAddress: limits.storyStartsPerAddress },
  };
  watching = createStoryWatching(db);
});
afterAll(async () => {
  limits?.close();
  await database?.dispose();
});

async function personIn(name: string): Promise<UserRecord> {
  const id = suffix();
  const [user] = await db
    .insert(users)
    .values({ id, firebaseUid: `uid-${id}`, username: `${name}_${id}` })
    .returning();
  if (!user) throw new Error("inserting a person returned no row");
  return user;
}

/** A fresh address of the documentation range for each start that must not hit the limit. */
let addresses = 0;
const freshAddress = () => `198.51.100.${(addresses += 1)}`;

describe("starting a story", () => {
  it("starts it private and generating, in the picked category, for its writer", async () => {
    const writer = await personIn("writer");
    const category = await deps.discovery.createCategory({
      name: "Sea Stories",
      slug: `sea-${suffix()}`,
      description: null,
    });
    if (typeof category === "string") throw new Error("no category");
    const view = await startStory(
      deps,
      writer,
      { ...SAMPLE_REQUEST, title: "  The Lantern Keeper ", category_id: category.id },
      freshAddress(),
    );
    expect(view.story).toMatchObject({
      title: "The Lantern Keeper",
      status: "generating",
      isPublic: false,
      authorId: writer.id,
      categoryId: category.id,
      categoryName: "Sea Stories",
      statusMessage: STARTING_MESSAGE,
    });
    expect(view).toMatchObject({ viewerId: writer.id, authorUsername: writer.username });
  });

  it("refuses a form at fault or an unknown category before counting a start", async () => {
    const writer = await personIn("writer");
    await expect(
      startStory(deps, writer, { ...SAMPLE_REQUEST, outline: "  " }, ADDRESS),
    ).rejects.toThrow(expect.objectContaining({ kind: "invalid", detail: OUTLINE_REQUIRED }));
    await expect(
      startStory(deps, writer, { ...SAMPLE_REQUEST, category_id: "no-such-category" }, ADDRESS),
    ).rejects.toThrow(
      expect.objectContaining({ kind: "invalid", details: { field: "category_id" } }),
    );
    await expect(
      startStory(deps, writer, { ...SAMPLE_REQUEST, category_id: "no-such-category" }, ADDRESS),
    ).rejects.toThrow(CATEGORY_NOT_FOUND);
    // Neither refusal took one of the address's two starts.
    await startStory(deps, writer, SAMPLE_REQUEST, ADDRESS);
    await startStory(deps, await personIn("other"), SAMPLE_REQUEST, ADDRESS);
    await expect(
      startStory(deps, await personIn("third"), SAMPLE_REQUEST, ADDRESS),
    ).rejects.toThrow(expect.objectContaining({ kind: "rate_limited", detail: STARTING_TOO_FAST }));
  });
});

describe("watching a story being written", () => {
  it("shows the owner's draft to its owner only, and tells the watcher when nothing changed", async () => {
    const writer = await personIn("writer");
    const stranger = await personIn("stranger");
    const { story } = await startStory(deps, writer, SAMPLE_REQUEST, freshAddress());
    expect(await watching.mayWatch(writer, story.publicId)).toBe(true);
    expect(await watching.mayWatch(stranger, story.publicId)).toBe(false);
    // An address no story can have is not looked up.
    expect(await watching.mayWatch(writer, "not a story id")).toBe(false);

    const first = await watching.current(writer, story.publicId, Number.NEGATIVE_INFINITY);
    if (first.kind !== "changed") throw new Error(`expected the story, got ${first.kind}`);
    expect(first.access.reason).toBe("author");
    expect(await watching.current(writer, story.publicId, first.story.eventSeq)).toEqual({
      kind: "unchanged",
    });
    await finishWriting(db, story.publicId);
    const next = await watching.current(writer, story.publicId, first.story.eventSeq);
    expect(next).toMatchObject({ kind: "changed", story: { status: "ready_for_review" } });
  });

  it("restarts on the owner's command only: anyone else is refused as the route refuses them", async () => {
    const writer = await personIn("writer");
    const { story } = await startStory(deps, writer, SAMPLE_REQUEST, freshAddress());
    await finishWriting(db, story.publicId);
    await expect(watching.restart(await personIn("stranger"), story.publicId)).rejects.toThrow(
      expect.objectContaining({ kind: "not_found" }),
    );
    await watching.restart(writer, story.publicId);
    const restarted = await watching.current(writer, story.publicId, Number.NEGATIVE_INFINITY);
    expect(restarted).toMatchObject({ kind: "changed", story: { status: "generating" } });
  });
});
