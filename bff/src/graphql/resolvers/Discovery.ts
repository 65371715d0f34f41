import type {
  CategoryResolvers,
  StoryEdgeResolvers,
  TagResolvers,
} from "../../__generated__/resolvers-types.js";
import { globalId } from "../global-id.js";

// Categories, tags and search highlights (docs/decisions/024) over the api's REST shapes.

export const Category: CategoryResolvers = {
  id: (category) => globalId("Category", category.id),
  publicId: (category) => category.id,
  storyCount: (category) => category.story_count,
};

export const Tag: TagResolvers = {
  storyCount: (tag) => tag.story_count,
};

export const StoryEdge: StoryEdgeResolvers = {
  highlight: (edge) => edge.highlight ?? null,
};
