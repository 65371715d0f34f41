import { eq } from "drizzle-orm";
import { customAlphabet } from "nanoid";
import type { StoryContent, UserRole } from "@storyloom/common";
import type { Database } from "../platform/db/database.js";
import { stories, users, type UserRecord } from "../platform/db/schema.js";
import type { RateLimiter } from "../platform/limits/rate-limits.js";
import { validStoryRequest } from "../generation/story-request-rules.js";
import { StoriesQueries, type StoryWithAuthor } from "../stories/stories-queries.js";
import { createStory } from "../generation/start-story.js";
import { previewOf } from "../stories/story-text-rules.js";
import { finishWriting, SAMPLE_REQUEST } from "./story-fixtures.js";

// Arranging tests of use cases called without HTTP: people are rows (no Auth emulator, no token),
// stories are played to the state a test needs as story-fixtures plays the worker.

const suffix = customAlphabet("abcdefghijklmnopqrstuvwxyz0123456789", 8);

/** A signed-up person as the database keeps them, with `roles`. */
export async function personIn(
  db: Database,
  name: string,
  roles: UserRole[] = [],
): Promise<UserRecord> {
  const id = suffix();
  const [user] = await db
    .insert(users)
    .values({ id, firebaseUid: `uid-${id}`, username: `${name}_${id}`, roles })
    .returning();
  if (!user) throw new Error("inserting a person returned no row");
  return user;
}

export interface StoryOptions {
  /** ready_for_review (the owner reviews the draft) or completed (the default). */
  status?: "ready_for_review" | "completed";
  /** Public and published now (listed) when true; private otherwise. */
  isPublic?: boolean;
  content?: StoryContent;
  priceCents?: number | null;
}

/** A story of `author` written by the offline writer's stand-in (story-fixtures' SAMPLE_CONTENT). */
export async function writtenStory(
  db: Database,
  author: UserRecord,
  options: StoryOptions = {},
): Promise<StoryWithAuthor> {
  const { publicId } = await createStory(db, author.id, validStoryRequest(SAMPLE_REQUEST));
  await finishWriting(db, publicId);
  const content = options.content;
  await db
    .update(stories)
    .set({
      ...((options.status ?? "completed") === "completed"
        ? { status: "completed", completedAt: new Date() }
        : {}),
      ...(options.isPublic ? { isPublic: true, publishedAt: new Date() } : {}),
      ...(content ? { content, preview: previewOf(content) } : {}),
      priceCents: options.priceCents ?? null,
    })
    .where(eq(stories.publicId, publicId));
  const story = await new StoriesQueries(db).findByPublicId(publicId);
  if (story === null) throw new Error(`no story ${publicId}`);
  return story;
}

/** A rate limiter that never refuses and counts the turns taken. */
export function countingLimiter(): RateLimiter & { turns: number } {
  const limiter = {
    turns: 0,
    async takeTurn() {
      limiter.turns += 1;
    },
    async takeTurns(_key: string, count: number) {
      limiter.turns += count;
      return null;
    },
  };
  return limiter;
}
