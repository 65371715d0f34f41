import type { StoryRequest } from "@storyloom/writer";
import { spendAllowance, type AiAllowance } from "../allowance/ai-allowance.js";
import type { DiscoveryQueries } from "../discovery/discovery-queries.js";
import { pickedCategory } from "../discovery/category-actions.js";
import type { Database } from "../platform/db/database.js";
import type { StoryRecord, UserRecord } from "../platform/db/schema.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import { addressKey } from "../platform/lib/client-address.js";
import { STARTING_TOO_FAST, type RateLimiter } from "../platform/limits/rate-limits.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import { ownersView, type StoryView, type StoryViewDeps } from "../stories/story-views.js";
import { notifyStoryEvent } from "./story-events.js";
import { validStoryRequest, type StoryRequestInput } from "./story-request-rules.js";

export const STARTING_MESSAGE = "Starting story generation...";

export interface StartStoryDeps extends StoryViewDeps {
  discovery: DiscoveryQueries;
  /** The bucket of pictures (decision 028); null keeps them in the database. */
  media: MediaStore | null;
  /**
   * Story starts per user, and per client address whoever is signed in
   * (platform/limits/rate-limits.ts).
   */
  limiters: { perUser: RateLimiter; perAddress: RateLimiter };
  /** The AI daily allowance a start counts against (decision 070). */
  allowance?: AiAllowance;
}

/** The generation form as sent: its fields, and the category picked, if any. */
export interface StartStoryInput extends StoryRequestInput {
  category_id?: string | null;
}

/**
 * A signed-in writer starts a story: the form is trimmed and checked (the first field at fault
 * answers 422), the category must exist, and starts are limited per writer and per address (429).
 * The story is theirs, private and generating; a worker writes it from now on.
 */
export async function startStory(
  deps: StartStoryDeps,
  author: UserRecord,
  input: StartStoryInput,
  /** The caller's address (an IPv6 one counts by its /64). */
  address: string,
): Promise<StoryView> {
  const request = validStoryRequest(input);
  const category = await pickedCategory(deps.discovery, input.category_id);
  await deps.limiters.perUser.takeTurn(author.id, STARTING_TOO_FAST);
  await deps.limiters.perAddress.takeTurn(addressKey(address), STARTING_TOO_FAST);
  const story = await spendAllowance(
    deps.allowance,
    author,
    "generation",
    null,
    () => createStory(deps.db, author.id, request, category),
    (created) => created.id,
  );
  return ownersView(deps, story, author);
}

/**
 * Writes a new story, generating. Nothing else is written here: the row is the job, and a worker
 * claims it once the event announces it (docs/decisions/008-story-generation-pipeline.md).
 */
export async function createStory(
  db: Database,
  authorId: string,
  request: StoryRequest,
  category: { id: string; name: string } | null = null,
): Promise<StoryRecord> {
  const story = await new StoriesQueries(db).create({
    authorId,
    ...request,
    categoryId: category?.id ?? null,
    categoryName: category?.name ?? null,
    statusMessage: STARTING_MESSAGE,
  });
  await notifyStoryEvent(db, story.publicId, story.eventSeq);
  return story;
}
