import type { StoryResolvers } from "../__generated__/resolvers-types.js";
import { sameOriginMediaUrl } from "../media-proxy.js";
import { desiredLengthOf, nastinessLevelOf, storyStatusOf } from "../upstream/story-enums.js";
import { globalId } from "./global-id.js";

export const Story: StoryResolvers = {
  id: (story) => globalId("Story", story.public_id),
  publicId: (story) => story.public_id,
  title: (story) => story.title,
  description: (story) => story.description ?? null,
  status: (story) => storyStatusOf(story.status),
  isPublic: (story) => story.is_public,
  // No username: the author's profile is gone, and the story shows "Anonymous" (spec §2).
  author: (story) =>
    story.author_username
      ? { id: globalId("User", story.author_id), username: story.author_username, avatarUrl: null }
      : null,
  preview: (story) => story.preview ?? null,
  categoryName: (story) => story.category_name ?? null,
  outline: (story) => story.outline,
  tags: (story) => story.tags,
  themeKeywords: (story) => story.theme_keywords,
  desiredLength: (story) => desiredLengthOf(story.desired_length),
  nastinessLevel: (story) => nastinessLevelOf(story.nastiness_level),
  progress: (story) => story.progress,
  statusMessage: (story) => story.status_message ?? null,
  error: (story) => story.error ?? null,
  content: (story) => story.content ?? null,
  images: (story) => story.images,
  headerImageUrl: (story) =>
    story.header_image_url ? sameOriginMediaUrl(story.header_image_url) : null,
  createdAt: (story) => story.created_at,
  updatedAt: (story) => story.updated_at,
  viewerIsAuthor: (story) => story.is_owner,
};
