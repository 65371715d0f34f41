import { afterAll, beforeAll } from "vitest";
import type { Database } from "../platform/db/database.js";
import type { StoryRecord } from "../platform/db/schema.js";
import { type StoryContent, type StoryStatus } from "@storyloom/common";
import { StoriesQueries, type StoryChanges } from "../stories/stories-queries.js";
import { notifyStoryEvent } from "../generation/story-events.js";
import { createStory } from "../generation/start-story.js";
import { validStoryRequest } from "../generation/story-request-rules.js";
import { previewOf } from "../stories/story-text-rules.js";
import { bearer, startTestApi, type TestApi } from "./test-api.js";
import { newUser } from "./tokens.js";

export interface TestPerson {
  id: string;
  username: string;
  headers: Record<string, string>;
}

/** A signed-up person with a profile (their first GET /auth/me creates it). */
export async function newPerson(api: TestApi, prefix = "reader"): Promise<TestPerson> {
  const { idToken } = await newUser(api.authHost, prefix);
  const headers = bearer(idToken);
  const profile = (await api.app.inject({ method: "GET", url: "/v1/auth/me", headers })).json();
  return { id: profile.id, username: profile.username, headers };
}

/** A test api with a story's owner and a reader, both signed up. */
export interface OwnerAndReader {
  api: TestApi;
  owner: TestPerson;
  reader: TestPerson;
}

/**
 * Registers the hooks that start a test api with an owner and a reader before a file's tests and
 * close it after them; the fields are set once beforeAll has run, so read them inside tests.
 */
export function useOwnerAndReader(): OwnerAndReader {
  const ctx = {} as OwnerAndReader;
  beforeAll(async () => {
    ctx.api = await startTestApi();
    [ctx.owner, ctx.reader] = await Promise.all([
      newPerson(ctx.api, "owner"),
      newPerson(ctx.api, "reader"),
    ]);
  });
  afterAll(() => ctx.api?.close());
  return ctx;
}

export const SAMPLE_REQUEST = {
  title: "The Lantern Keeper",
  outline: "A lighthouse keeper finds a map inside a bottle.",
  tags: ["mystery", "sea"],
  theme_keywords: ["lighthouse"],
};

export const SAMPLE_CONTENT: StoryContent = {
  chapters: [
    {
      title: "The Bottle",
      paragraphs: ["The tide brought a green bottle to the rocks.", "Inside lay a map."],
    },
  ],
};

export const SAMPLE_PICTURE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
);

/** POST /stories/generate/start as `person`; resolves to the public id. */
export async function startAs(
  api: TestApi,
  person: TestPerson,
  body: Record<string, unknown> = SAMPLE_REQUEST,
): Promise<string> {
  const response = await api.app.inject({
    method: "POST",
    url: "/v1/stories/generate/start",
    headers: person.headers,
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`start failed: ${response.body}`);
  return response.json().public_id;
}

async function storyRow(db: Database, publicId: string): Promise<StoryRecord> {
  const story = await new StoriesQueries(db).findByPublicId(publicId);
  if (story === null) throw new Error(`no story ${publicId}`);
  return story;
}

/** A guarded write with its event, as the worker makes them. */
async function write(db: Database, story: StoryRecord, changes: StoryChanges) {
  const updated = await new StoriesQueries(db).updateIf(story.id, story, changes);
  if (updated === null) throw new Error(`story ${story.publicId} moved meanwhile`);
  await notifyStoryEvent(db, updated.publicId, updated.eventSeq);
  return updated;
}

/**
 * Plays the worker's final write (no worker runs in these tests): a short text, one cover
 * picture, progress 100 and ready_for_review.
 */
export async function finishWriting(db: Database, publicId: string): Promise<StoryRecord> {
  const story = await storyRow(db, publicId);
  await new StoriesQueries(db).insertMedia({
    storyId: story.id,
    generation: story.generation,
    role: "cover",
    chapterIndex: null,
    paragraphIndex: null,
    altText: "A green bottle on dark rocks",
    caption: "The bottle",
    contentType: "image/svg+xml",
    bytes: SAMPLE_PICTURE,
  });
  return write(db, story, {
    status: "ready_for_review",
    progress: 100,
    statusMessage: "Your story is ready for review.",
    description: "A keeper, a bottle, a map.",
    content: SAMPLE_CONTENT,
    preview: previewOf(SAMPLE_CONTENT),
    leaseOwner: null,
    leaseExpiresAt: null,
  });
}

/** Plays the worker giving up after its retries. */
export async function failWriting(db: Database, publicId: string): Promise<StoryRecord> {
  return write(db, await storyRow(db, publicId), {
    status: "error",
    error: "The writer is not answering.",
    leaseOwner: null,
    leaseExpiresAt: null,
  });
}

/** A story of `person` in `status`, reached the way the product reaches it. */
export async function storyIn(
  api: TestApi,
  person: TestPerson,
  status: StoryStatus,
  options: { isPublic?: boolean } = {},
): Promise<string> {
  const db = api.database.db;
  // Straight to the domain: fixtures must not count against the person's start rate limit.
  const { publicId } = await createStory(db, person.id, validStoryRequest(SAMPLE_REQUEST));
  if (status === "generating") return publicId;
  if (status === "error") {
    await failWriting(db, publicId);
    return publicId;
  }
  const ready = await finishWriting(db, publicId);
  if (status === "ready_for_review") return publicId;
  const completed = await write(db, ready, {
    status: "completed",
    completedAt: new Date(),
    isPublic: options.isPublic ?? false,
  });
  if (status === "completed") return publicId;
  await write(db, completed, { status: "discarded", generation: completed.generation + 1 });
  return publicId;
}
