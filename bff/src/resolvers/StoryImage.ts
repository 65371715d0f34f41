import type { StoryImageResolvers } from "../__generated__/resolvers-types.js";
import { sameOriginMediaUrl } from "../media-proxy.js";
import { imageRoleOf } from "../upstream/story-enums.js";

export const StoryImage: StoryImageResolvers = {
  id: (image) => image.id,
  role: (image) => imageRoleOf(image.role),
  url: (image) => sameOriginMediaUrl(image.url),
  chapterIndex: (image) => image.chapter_index ?? null,
  paragraphIndex: (image) => image.paragraph_index ?? null,
  altText: (image) => image.alt_text,
  caption: (image) => image.caption ?? null,
};
