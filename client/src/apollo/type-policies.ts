import type { FieldPolicy, Reference, TypePolicies } from "@apollo/client";

interface CachedConnection {
  edges?: readonly { cursor: string; node: Reference }[];
  pageInfo?: unknown;
}

/**
 * A cursor-paginated StoryConnection field: one cache entry per `keyArgs` combination (so Newest
 * and Popular never mix), a first page (no `after`) replaces it, and each further page (fetchMore
 * with pageInfo.endCursor) is appended, skipping a story already there (a story can move between
 * pages while new ones arrive).
 */
function storyConnectionPolicy(keyArgs: FieldPolicy["keyArgs"]): FieldPolicy<CachedConnection> {
  return {
    keyArgs,
    merge(existing, incoming, { args, readField }) {
      if (!existing || !args?.after) return incoming;
      const existingEdges = existing.edges ?? [];
      const seen = new Set(existingEdges.map((edge) => readField<string>("id", edge.node)));
      const added = (incoming.edges ?? []).filter(
        (edge) => !seen.has(readField<string>("id", edge.node)),
      );
      return { ...incoming, edges: [...existingEdges, ...added] };
    },
  };
}

/** The app's cache configuration (also used by tests, so they page as the app does). */
export const typePolicies: TypePolicies = {
  Query: {
    fields: {
      stories: storyConnectionPolicy(["sort", "tag", "author", "search", "filters"]),
      searchStories: storyConnectionPolicy(["query", "filters"]),
      myBookmarks: storyConnectionPolicy(false),
      subscriptionFeed: storyConnectionPolicy(false),
      myPurchases: storyConnectionPolicy(false),
    },
  },
  AuthorProfile: { fields: { stories: storyConnectionPolicy(false) } },
  Viewer: { fields: { subscriptions: storyConnectionPolicy(false) } },
};
