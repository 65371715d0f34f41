import type { CommunityQueries, StoryCard } from "../community/community-queries.js";
import type { Database } from "../platform/db/database.js";
import type { StoryRecord, UserRecord } from "../platform/db/schema.js";
import { accessOf } from "./viewer-access.js";
import type { PictureLinks } from "./picture-link-rules.js";
import type { StoriesQueries } from "./stories-queries.js";
import {
  decodeKeyset,
  encodeKeyset,
  type KeysetList,
  type KeysetPosition,
} from "../platform/lib/cursor.js";
import { toStoryCardJson, toStoryJson, type StoryDetailJson } from "./story-schemas.js";

// A story as JSON for one viewer, with what its screen shows beside the row: the whole story with
// its pictures and counts for the reader, a light card (cover, counts, no text) for lists. Each
// list page is one SQL statement (docs/decisions/036).

/** What storyDetail reads with. */
export interface StoryDetailDeps {
  db: Database;
  stories: StoriesQueries;
  community: CommunityQueries;
  links: PictureLinks;
}

/**
 * A story as the viewer sees it, pictures, counts and bookmark included: its text and pictures cut
 * to the viewer's access (stories/access-rules.ts).
 */
export async function storyDetail(
  deps: StoryDetailDeps,
  story: StoryRecord,
  viewer: UserRecord | null,
  authorUsername: string | null,
): Promise<StoryDetailJson> {
  const viewerId = viewer?.id ?? null;
  const [media, community, access] = await Promise.all([
    deps.stories.listMedia(story.id, story.generation),
    deps.community.communityOf(story.id, viewerId),
    accessOf(deps.db, story, viewer),
  ]);
  return toStoryJson(story, {
    viewerId,
    authorUsername,
    media,
    community,
    access,
    links: deps.links,
  });
}

/**
 * Story cards for `viewerId`: list items carry no text or pictures (like /stories/mine), but the
 * cover's URL, the counts and whether the viewer bookmarked them.
 */
export function storyCards(rows: readonly StoryCard[], viewerId: string | null): StoryDetailJson[] {
  return rows.map((card) => toStoryCardJson(card, viewerId, true));
}

/**
 * One keyset page of story cards (newest stories, a reader's bookmarks): `listRows` is asked for
 * one row more than `size`, which tells whether there is a next page.
 */
export async function keysetStoryPage(
  list: Exclude<KeysetList, "mine">,
  page: { size: number; cursor: string | undefined; viewerId: string | null },
  listRows: (
    limit: number,
    after: KeysetPosition | null,
  ) => Promise<Array<{ story: StoryCard; position: KeysetPosition }>>,
) {
  const { size, cursor, viewerId } = page;
  const after = cursor === undefined ? null : decodeKeyset(list, cursor);
  const rows = await listRows(size + 1, after);
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return {
    items: storyCards(
      shown.map((row) => row.story),
      viewerId,
    ),
    next_cursor: rows.length > size && last ? encodeKeyset(list, last.position) : null,
  };
}
