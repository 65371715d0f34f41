import { HOME_SECTION_CARDS, MY_STORIES_PAGE_SIZE } from "@storyloom/common";
import { GraphQLError } from "graphql";
import type { QueryResolvers } from "../../__generated__/resolvers-types.js";
import { apiIdArgument } from "../arguments.js";
import { checkPageSize, pageConnection } from "../pagination.js";
import { TAGS_MAX } from "../operation-cost.js";
import { checkListSize, filtersQuery, storyConnection } from "../story-lists.js";
import type { RestSearchHighlight } from "../../upstream/rest-types.js";
import { unwrap, unwrapOrNull } from "../errors.js";

export const Query: QueryResolvers = {
  // Listed stories: one api call each whatever the page size (authors come batched).
  stories: (_parent, { sort, first, after, tag, author, search, filters }, { rest }) =>
    storyConnection(first, after, HOME_SECTION_CARDS, (page) =>
      unwrap(
        rest.GET("/v1/stories", {
          params: {
            query: {
              ...page,
              sort: sort === "POPULAR" ? "popular" : "newest",
              ...(tag ? { tag } : {}),
              ...(author ? { author } : {}),
              ...(search ? { q: search } : {}),
              ...filtersQuery(filters),
            },
          },
        }),
      ),
    ),

  trendingStories: async (_parent, { first }, { rest }) => {
    const limit = checkListSize(first, HOME_SECTION_CARDS);
    const { items } = await unwrap(
      rest.GET("/v1/stories/trending", { params: { query: { limit } } }),
    );
    return items;
  },

  searchStories: async (_parent, { query, first, after, filters }, { rest }) => {
    if (query.trim() === "") {
      throw new GraphQLError("query must not be empty.", {
        extensions: { code: "BAD_USER_INPUT", field: "query" },
      });
    }
    // Each edge carries its story's highlight, from the same api page.
    const highlights = new Map<string, RestSearchHighlight>();
    const connection = await storyConnection(first, after, 20, async (page) => {
      const answer = await unwrap(
        rest.GET("/v1/stories/search", {
          params: { query: { ...page, q: query.trim(), ...filtersQuery(filters) } },
        }),
      );
      for (const highlight of answer.highlights) highlights.set(highlight.public_id, highlight);
      return answer;
    });
    return {
      ...connection,
      edges: connection.edges.map((edge) => ({
        ...edge,
        highlight: highlights.get(edge.node.public_id) ?? null,
      })),
    };
  },

  // An unknown username is null, like a story one may not see.
  userProfile: async (_parent, { username }, { rest }) => {
    const name = username.trim();
    if (name === "" || name.length > 64) return null;
    return unwrapOrNull(
      rest.GET("/v1/users/by-username/{username}", { params: { path: { username: name } } }),
    );
  },
  categories: (_parent, _args, { rest }) => unwrap(rest.GET("/v1/categories")),
  // A category that does not exist is null; an id no category can have is bad input.
  category: async (_parent, { publicId }, { rest }) => {
    const id = apiIdArgument(publicId, "publicId");
    return unwrapOrNull(rest.GET("/v1/categories/{id}", { params: { path: { id } } }));
  },

  subscriptionFeed: (_parent, { first, after }, { rest }) =>
    storyConnection(first, after, HOME_SECTION_CARDS, (page) =>
      unwrap(rest.GET("/v1/subscriptions/feed", { params: { query: page } })),
    ),
  tags: (_parent, { first }, { rest }) =>
    unwrap(
      rest.GET("/v1/tags", { params: { query: { limit: checkPageSize(first, 50, TAGS_MAX) } } }),
    ),

  myBookmarks: (_parent, { first, after }, { rest }) =>
    storyConnection(first, after, 20, (page) =>
      unwrap(rest.GET("/v1/bookmarks", { params: { query: page } })),
    ),

  // The moderation queues: moderators and admins only (the api answers 401/403 otherwise).
  pendingComments: (_parent, { first }, { rest }) =>
    unwrap(rest.GET("/v1/admin/comments/pending", { params: { query: { limit: first ?? 50 } } })),
  pendingStories: (_parent, { first }, { rest }) =>
    unwrap(rest.GET("/v1/admin/stories/pending", { params: { query: { limit: first ?? 50 } } })),

  // A visitor (no credentials) is null; bad credentials are UNAUTHENTICATED, from the api.
  viewer: async (_parent, _args, { hasCredentials, rest }) =>
    hasCredentials ? unwrap(rest.GET("/v1/auth/me")) : null,

  // A story the viewer may not see does not exist for them: the api's 404 becomes null. An id no
  // story can have is bad input, never a path of its own (an empty one would be /v1/stories/).
  story: async (_parent, { publicId }, { rest }) => {
    const id = apiIdArgument(publicId, "publicId");
    return unwrapOrNull(rest.GET("/v1/stories/{id}", { params: { path: { id } } }));
  },

  myStories: (_parent, { first, after }, { rest }) =>
    pageConnection(
      checkPageSize(first, MY_STORIES_PAGE_SIZE, MY_STORIES_PAGE_SIZE),
      after,
      MY_STORIES_PAGE_SIZE,
      (page) => unwrap(rest.GET("/v1/stories/mine", { params: { query: page } })),
    ),
};
