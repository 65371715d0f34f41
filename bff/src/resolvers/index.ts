import type { Resolvers } from "../__generated__/resolvers-types.js";
import { Comment } from "./Comment.js";
import { Mutation } from "./Mutation.js";
import { Query } from "./Query.js";
import { Story } from "./Story.js";
import { StoryImage } from "./StoryImage.js";
import { Subscription } from "./Subscription.js";
import { Viewer } from "./Viewer.js";

export const resolvers: Resolvers = {
  Query,
  Mutation,
  Subscription,
  Viewer,
  Story,
  StoryImage,
  Comment,
};
