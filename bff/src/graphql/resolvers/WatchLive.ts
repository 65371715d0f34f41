import { GraphQLError } from "graphql";
import type {
  MutationResolvers,
  QueryResolvers,
  SubscriptionResolvers,
  ViewerResolvers,
} from "../../__generated__/resolvers-types.js";
import { graphQLErrorFrom, unwrap } from "../errors.js";
import { decodeGlobalId } from "../global-id.js";
import type { FeedItem } from "../../upstream/event-feed.js";
import { watchEventOf, type WatchEvent } from "../../upstream/watch-message.js";

// Watch-live links (docs/decisions/069-watch-live-links.md) and the AI daily allowance
// (decision 070): the api decides who may; these pass its answers on.

const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** A token no link can have is NOT_FOUND here, as the api would answer, without asking it. */
function watchToken(token: string): string {
  if (!TOKEN.test(token)) {
    throw new GraphQLError("This watch-live link does not work any more.", {
      extensions: { code: "NOT_FOUND", reason: "NOT_FOUND" },
    });
  }
  return token;
}

const story = (id: string) => ({ params: { path: { id: decodeGlobalId("Story", id, "id") } } });

export const watchQueries: Pick<QueryResolvers, "watchedStory"> = {
  watchedStory: async (_parent, { token }, { rest }) =>
    watchEventOf(
      await unwrap(
        rest.GET("/v1/watch/{token}", { params: { path: { token: watchToken(token) } } }),
      ),
    ),
};

export const watchMutations: Pick<MutationResolvers, "shareWatchLink" | "revokeWatchLink"> = {
  shareWatchLink: (_parent, { id }, { rest }) =>
    unwrap(rest.PUT("/v1/stories/{id}/watch-link", story(id))),
  revokeWatchLink: async (_parent, { id }, { rest }) => {
    await unwrap(rest.DELETE("/v1/stories/{id}/watch-link", story(id)));
    return true;
  },
};

export const watchSubscriptions: Pick<SubscriptionResolvers, "watchStory"> = {
  // One upstream socket per link however many watch (the bridge shares it).
  watchStory: {
    subscribe: (_parent, { token }, { storyStreams }) => storyStreams.watch(watchToken(token)),
    resolve: (item: FeedItem<WatchEvent>) => {
      if ("failure" in item) throw graphQLErrorFrom(item.failure);
      return item.event;
    },
  },
};

export const viewerAllowance: Pick<ViewerResolvers, "aiAllowance"> = {
  aiAllowance: async (_profile, _args, { rest }) => {
    const allowance = await unwrap(rest.GET("/v1/me/allowance"));
    return {
      limit: allowance.limit,
      used: allowance.used,
      remaining: allowance.remaining,
      resetsAt: allowance.resets_at,
    };
  },
};
