import { randomBytes } from "node:crypto";
import type { Database } from "../platform/db/database.js";
import type { StoryRecord, UserRecord } from "../platform/db/schema.js";
import { notFound } from "../platform/lib/errors.js";
import { notifyStoryEvent } from "../generation/story-events.js";
import type { StoriesQueries } from "../stories/stories-queries.js";
import { assertOwner } from "../stories/visibility-rules.js";
import { WatchQueries } from "./watch-queries.js";
import {
  isWatchToken,
  ONLY_AUTHOR_WATCH_LINK,
  WATCH_LINK_NOT_FOUND,
  watchUpdateOf,
  type WatchUpdate,
} from "./watch-rules.js";

// Watch-live links (docs/decisions/069-watch-live-links.md): the owner shares one, or turns it off;
// anyone holding it watches that one story's text arrive.

export interface WatchLinkDeps {
  db: Database;
  stories: StoriesQueries;
}

export interface WatchLinks {
  /** The story's link, made on the first ask: owner only (403; 404 for whoever cannot see it). */
  share(owner: UserRecord, publicId: string): Promise<{ token: string }>;
  /** Turns the link off: anyone watching is cut off, and the token never works again. */
  revoke(owner: UserRecord, publicId: string): Promise<void>;
  /** What the link shows now; 404 for a token no link has. */
  watch(token: string): Promise<WatchUpdate>;
  /** The story a token names, or null (for the live channel, which re-reads it on every event). */
  storyOf(token: string): Promise<StoryRecord | null>;
}

export function createWatchLinks(deps: WatchLinkDeps): WatchLinks {
  const queries = new WatchQueries(deps.db);

  async function ownStory(owner: UserRecord, publicId: string): Promise<StoryRecord> {
    const story = await deps.stories.findByPublicId(publicId);
    assertOwner(story, owner.id, ONLY_AUTHOR_WATCH_LINK);
    return story;
  }

  async function storyOf(token: string): Promise<StoryRecord | null> {
    // A token no link can have names none: not looked up.
    return isWatchToken(token) ? queries.storyOf(token) : null;
  }

  return {
    async share(owner, publicId) {
      const story = await ownStory(owner, publicId);
      return { token: await queries.tokenFor(story.id, randomBytes(24).toString("base64url")) };
    },

    async revoke(owner, publicId) {
      const story = await ownStory(owner, publicId);
      if (!(await queries.revoke(story.id))) return;
      // Its watchers' sockets read the link again and close.
      await notifyStoryEvent(deps.db, story.publicId, story.eventSeq);
    },

    async watch(token) {
      const story = await storyOf(token);
      if (story === null) throw notFound(WATCH_LINK_NOT_FOUND);
      return watchUpdateOf(story);
    },

    storyOf,
  };
}
