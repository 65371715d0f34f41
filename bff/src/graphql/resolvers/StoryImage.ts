import type { StoryImageResolvers } from "../../__generated__/resolvers-types.js";
import { sameOriginMediaUrl } from "../../upstream/media-urls.js";

export const StoryImage: StoryImageResolvers = {
  url: (image) => sameOriginMediaUrl(image.url),
  chapterIndex: (image) => image.chapter_index,
  paragraphIndex: (image) => image.paragraph_index,
  altText: (image) => image.alt_text,
};
