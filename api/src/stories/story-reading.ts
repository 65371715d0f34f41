import type { CardPage } from "../community/card-pages.js";
import type { CommunityQueries } from "../community/community-queries.js";
import { readDay, readerKey } from "../community/reader-key-rules.js";
import type { UserRecord } from "../platform/db/schema.js";
import { addressKey } from "../platform/lib/client-address.js";
import { conflict } from "../platform/lib/errors.js";
import { readKeysetPage, type PageRequest } from "../platform/lib/keyset-page.js";
import { isPremium, readAccess } from "./access-rules.js";
import { findActedOn, type StoryActionsDeps } from "./story-actions.js";
import type { WarningLog } from "../platform/lib/warning-log.js";
import type { StoryView } from "./story-views.js";
import {
  assertCanRead,
  assertCanView,
  canView,
  isOwner,
  storyViewerOf,
} from "./visibility-rules.js";

// Reading a story (docs/product.md#story-reader), listing one's own (#my-stories), and sharing one
// (#sharing).

export interface ReadStoryDeps {
  community: CommunityQueries;
  /** Mixed into read counting's reader keys (docs/decisions/009-trending-and-reads.md). */
  readHashSecret: string;
}

/**
 * A story the viewer may read (anyone else's is not found), cut to their access. Reads feed
 * Trending Now: anyone but the owner reading a listed story counts once a day — a signed-in reader
 * by their id, a visitor by their address (an IPv6 one by its /64), whatever browser they name.
 */
export async function readStory(
  deps: ReadStoryDeps,
  viewer: UserRecord | null,
  publicId: string,
  /** The caller's address, counted for a visitor. */
  address: string,
): Promise<StoryView> {
  const viewerId = viewer?.id ?? null;
  // One statement: the row, counts, bookmark and pictures (docs/decisions/036).
  const story = await deps.community.storyForReader(publicId, viewerId);
  const storyViewer = storyViewerOf(viewer);
  assertCanRead(story, storyViewer);
  if (!isOwner(story, viewerId) && canView(story, null)) {
    const now = new Date();
    const reader = viewerId ? { userId: viewerId } : { address: addressKey(address) };
    const day = readDay(now);
    await deps.community.recordRead(
      story.id,
      readerKey(deps.readHashSecret, reader, day),
      day,
      now,
    );
  }
  const facts = { purchased: story.viewerPurchased, premium: isPremium(viewer) };
  return {
    story,
    viewerId,
    authorUsername: story.authorUsername,
    media: story.media,
    community: story.community,
    access: readAccess(story, storyViewer, facts),
  };
}

/** My Stories: the owner's stories of every status, newest first, in keyset pages. */
export async function listMyStories(
  community: CommunityQueries,
  owner: UserRecord,
  page: PageRequest,
): Promise<CardPage> {
  const { rows, nextCursor } = await readKeysetPage("mine", page, (limit, after) =>
    community.listMine(owner.id, limit, after),
  );
  // The caller is the author: the username is theirs.
  const cards = rows.map(({ story }) => ({ ...story, authorUsername: owner.username }));
  return { cards, nextCursor };
}

/**
 * The address of a story to share: only a completed, public and listed one has one; a private
 * story cannot be shared (409), and one the viewer may not see is not found.
 */
export async function shareLink(
  deps: Pick<StoryActionsDeps, "db" | "stories" | "media"> & { publicBaseUrl: string },
  viewer: UserRecord | null,
  publicId: string,
  log?: WarningLog,
): Promise<string> {
  const story = await findActedOn(deps, publicId, log);
  assertCanView(story, viewer?.id ?? null);
  if (!story.isPublic) throw conflict("NOT_SHAREABLE", "Cannot share a private story.");
  if (!canView(story, null)) throw conflict("NOT_SHAREABLE", "Story not available for sharing.");
  return `${deps.publicBaseUrl}/stories/${story.publicId}`;
}
