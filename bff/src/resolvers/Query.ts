import type { QueryResolvers } from "../__generated__/resolvers-types.js";
import { unwrap } from "../upstream/rest-client.js";

export const Query: QueryResolvers = {
  // A visitor (no credentials) is null; bad credentials are UNAUTHENTICATED, from the api.
  viewer: async (_parent, _args, { hasCredentials, rest }) =>
    hasCredentials ? unwrap(rest.GET("/v1/auth/me")) : null,
};
