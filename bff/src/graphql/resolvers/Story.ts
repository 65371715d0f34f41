import type { StoryResolvers } from "../../__generated__/resolvers-types.js";
import { COMMENTS_LIMIT, SITE_CURRENCY } from "@storyloom/common";
import { sameOriginMediaUrl } from "../../upstream/media-urls.js";
import { unwrap } from "../errors.js";
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
  headerImageUrl: (story) =>
    story.header_image_url ? sameOriginMediaUrl(story.header_image_url) : null,
  createdAt: (story) => story.created_at,
  updatedAt: (story) => story.updated_at,
  viewerIsAuthor: (story) => story.is_owner,
  viewerHasBookmarked: (story) => story.is_bookmarked,
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
