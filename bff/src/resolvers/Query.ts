import { GraphQLError } from "graphql";
import type { QueryResolvers } from "../__generated__/resolvers-types.js";
import { checkPageSize, decodeCursor, encodeCursor, MAX_PAGE_SIZE } from "../pagination.js";
import { unwrap } from "../upstream/rest-client.js";

const isNotFound = (error: unknown) =>
  error instanceof GraphQLError && error.extensions.code === "NOT_FOUND";

export const Query: QueryResolvers = {
  // A visitor (no credentials) is null; bad credentials are UNAUTHENTICATED, from the api.
  viewer: async (_parent, _args, { hasCredentials, rest }) =>
    hasCredentials ? unwrap(rest.GET("/v1/auth/me")) : null,

  // Spec §6: a story the viewer may not see does not exist for them.
  story: async (_parent, { publicId }, { rest }) => {
    try {
      return await unwrap(rest.GET("/v1/stories/{id}", { params: { path: { id: publicId } } }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  },

  myStories: async (_parent, { first, after }, { rest }) => {
    const size = checkPageSize(first);
    const { apiCursor, skip } = decodeCursor(after);
    const page = await unwrap(
      rest.GET("/v1/stories/mine", {
        params: {
          query: {
            size: Math.min(MAX_PAGE_SIZE, skip + size),
            ...(apiCursor !== null && { cursor: apiCursor }),
          },
        },
      }),
    );
    const items = page.items.slice(skip, skip + size);
    const read = skip + items.length;
    // Everything of this api page was read: the next edge starts at the api's next page.
    const pageDone = read >= page.items.length;
    const edges = items.map((node, index) => {
      const isLast = index === items.length - 1;
      const position =
        isLast && pageDone && page.next_cursor
          ? { apiCursor: page.next_cursor, skip: 0 }
          : { apiCursor, skip: skip + index + 1 };
      return { cursor: encodeCursor(position), node };
    });
    return {
      edges,
      pageInfo: {
        hasNextPage: !pageDone || page.next_cursor !== null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
    };
  },
};
