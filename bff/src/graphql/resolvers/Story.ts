import type { StoryResolvers, StoryVersionResolvers } from "../../__generated__/resolvers-types.js";
import { COMMENTS_LIMIT, SITE_CURRENCY } from "@storyloom/common";
import { sameOriginMediaUrl } from "../../upstream/media-urls.js";
import { nextChapterFrom } from "../../upstream/live-story-message.js";
import { markedForViewer } from "../audience.js";
import { unwrap, unwrapOrNull } from "../errors.js";
import { globalId } from "../global-id.js";

export const Story: StoryResolvers = {
  id: (story) => globalId("Story", story.public_id),
  publicId: (story) => story.public_id,
  isPublic: (story) => story.is_public,
  // No username: the author's profile is gone, and the story shows "Anonymous". The story names
  // its author, so a card (id, username) costs no call; an avatar goes through the users loader
  // (User.avatarUrl), one GET /v1/users for all the authors of a page.
  author: (story) =>
    story.author_username ? { id: story.author_id, username: story.author_username } : null,
  categoryName: (story) => story.category_name,
  // All the categories of a page from one GET /v1/categories (../loaders.ts).
  category: (story, _args, { loaders }) =>
    story.category_id ? loaders.categories.load(story.category_id) : null,
  themeKeywords: (story) => story.theme_keywords,
  desiredLength: (story) => story.desired_length,
  nastinessLevel: (story) => story.nastiness_level,
  statusMessage: (story) => story.status_message,
  wordCount: (story) => story.word_count,
  imagesPending: (story) => story.images_pending,
  headerImageUrl: (story) =>
    story.header_image_url ? sameOriginMediaUrl(story.header_image_url) : null,
  createdAt: (story) => story.created_at,
  updatedAt: (story) => story.updated_at,
  // Marked where they sit when a visitor's answer is shared with members (../audience.ts).
  viewerIsAuthor: (story, _args, context, info) =>
    markedForViewer(story.is_owner, context.audienceMarks, info, story.public_id, "authored"),
  viewerHasBookmarked: (story, _args, context, info) =>
    markedForViewer(
      story.is_bookmarked,
      context.audienceMarks,
      info,
      story.public_id,
      "bookmarked",
    ),
  bookmarkCount: (story) => story.bookmark_count,
  commentCount: (story) => story.comment_count,
  viewerCanComment: (story) => story.can_comment,
  moderationStatus: (story) => story.moderation_status,
  moderationReason: (story) => story.moderation_reason,
  // Money's resolvers (Purchases.ts) read the api's snake_case amount.
  price: (story) =>
    story.price_cents === null
      ? null
      : { amount_cents: story.price_cents, currency: SITE_CURRENCY },
  revisedAt: (story) => story.revised_at,
  // Continue the story (decision 062): an older api sends none of these.
  chapterAddedAt: (story) => story.chapter_added_at ?? null,
  // Per viewer, laid over a shared list answer like the two above (../audience.ts).
  newChapter: (story, _args, context, info) =>
    markedForViewer(
      story.new_chapter ?? false,
      context.audienceMarks,
      info,
      story.public_id,
      "newChapter",
    ),
  nextChapter: (story) => nextChapterFrom(story.continuation),
  // The history is its owner's (the api refuses anyone else): nobody else asks the api for it.
  versions: async (story, _args, { rest }) => {
    if (!story.is_owner) return [];
    const { items } = await unwrap(
      rest.GET("/v1/stories/{id}/versions", { params: { path: { id: story.public_id } } }),
    );
    return items.map((version) => ({ ...version, story_public_id: story.public_id }));
  },
  version: async (story, { number }, { rest }) => {
    if (!story.is_owner) return null;
    const path = { id: story.public_id, number };
    const found = await unwrapOrNull(
      rest.GET("/v1/stories/{id}/versions/{number}", { params: { path } }),
    );
    return found === null ? null : { ...found, story_public_id: story.public_id };
  },
  // The api decides what the viewer may read; lists carry none (null).
  viewerAccess: (story) => story.viewer_access,
  // The api says whether the story's discussion is open; when it is not, there is none to load.
  comments: async (story, _args, { rest }) => {
    if (!story.can_comment) return [];
    return unwrap(
      rest.GET("/v1/comments/stories/{id}/comments", {
        params: { path: { id: story.public_id }, query: { limit: COMMENTS_LIMIT } },
      }),
    );
  },
};

/** A version of a story's text; its word diff is asked for only when a client wants it. */
export const StoryVersion: StoryVersionResolvers = {
  id: (version) => globalId("StoryVersion", `${version.story_public_id}:${version.number}`),
  restoredFrom: (version) => version.restored_from,
  createdAt: (version) => version.created_at,
  changes: async (version, _args, { rest }) => {
    if (version.changes) return version.changes;
    const path = { id: version.story_public_id, number: version.number };
    const diff = await unwrap(rest.GET("/v1/stories/{id}/versions/{number}", { params: { path } }));
    return diff.changes;
  },
};
