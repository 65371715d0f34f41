import type { SubscriptionResolvers } from "../../__generated__/resolvers-types.js";
import { apiIdArgument } from "../arguments.js";
import { graphQLErrorFrom } from "../errors.js";
import type { FeedItem } from "../../upstream/event-feed.js";
import type { StoryGenerationEvent } from "../../upstream/live-story-message.js";

export const Subscription: SubscriptionResolvers = {
  // The api's live channel through the shared bridge; the api checks who may watch (signed-in
  // viewers who may see the story). What it sends: docs/product.md#live-progress.
  storyGeneration: {
    subscribe: (_parent, { publicId }, { authorization, storyStreams }) =>
      storyStreams.subscribe(apiIdArgument(publicId, "publicId"), authorization),
    // The feed's last item may be why the stream ended (NOT_FOUND, UNAUTHENTICATED…).
    resolve: (item: FeedItem<StoryGenerationEvent>) => {
      if ("failure" in item) throw graphQLErrorFrom(item.failure);
      return item.event;
    },
  },
};
