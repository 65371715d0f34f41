import type { CommunityQueries } from "../community/community-queries.js";
import type { StoryCommunity } from "../community/story-card-queries.js";
import type { Database } from "../platform/db/database.js";
import type { StoryRecord, UserRecord } from "../platform/db/schema.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import type { ReadAccess } from "./access-rules.js";
import type { StoriesQueries, StoryMediaInfo } from "./stories-queries.js";
import { followedByPictures } from "./story-pictures-sync.js";
import { accessOf } from "./viewer-access.js";

// A story for one viewer, with what its screen shows beside the row: the whole story with its
// pictures, counts and the viewer's access for the reader. Lists show light cards instead (cover,
// counts, no text: community/card-pages.ts), one SQL statement a page (docs/decisions/036).
// story-schemas.ts turns both into JSON (toStoryViewJson, toStoryPageJson).

/** What a story's JSON shows of a picture. */
export type StoryPicture = Pick<
  StoryMediaInfo,
  "id" | "role" | "chapterIndex" | "paragraphIndex" | "altText" | "caption" | "publicUrl"
>;

/** A story as one viewer sees it; its text and pictures are cut to `access` when shown. */
export interface StoryView {
  story: StoryRecord;
  viewerId: string | null;
  authorUsername: string | null;
  /** The current generation's pictures: the cover first, then in reading order. */
  media: StoryPicture[];
  community: StoryCommunity;
  /** What the viewer may read of it (stories/access-rules.ts). */
  access: ReadAccess;
}

/** What viewStory reads with. */
export interface StoryViewDeps {
  db: Database;
  stories: StoriesQueries;
  community: CommunityQueries;
}

/** A story as the viewer sees it, pictures, counts, bookmark and access included. */
export async function viewStory(
  deps: StoryViewDeps,
  story: StoryRecord,
  viewer: UserRecord | null,
  authorUsername: string | null,
): Promise<StoryView> {
  const viewerId = viewer?.id ?? null;
  const [media, community, access] = await Promise.all([
    deps.stories.listMedia(story.id, story.generation),
    deps.community.communityOf(story.id, viewerId),
    accessOf(deps.db, story, viewer),
  ]);
  return { story, viewerId, authorUsername, media, community, access };
}

/**
 * The answer to an owner's action: first the story's pictures in object storage follow the row
 * (503 when the bucket fails, so the client's retry finishes the job: docs/decisions/028), then
 * the story as its owner sees it (the owner is the caller, so is the author's username).
 */
export async function ownersView(
  deps: StoryViewDeps & { media: MediaStore | null },
  story: StoryRecord,
  owner: UserRecord,
): Promise<StoryView> {
  await followedByPictures(deps.db, deps.media, story.id);
  return viewStory(deps, story, owner, owner.username);
}
