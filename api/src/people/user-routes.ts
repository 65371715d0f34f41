import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { CommunityQueries } from "../community/community-queries.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { MAX_USER_IDS, userIdsOf } from "./people-rules.js";
import { listPublicProfiles } from "./public-profiles.js";
import { PublicProfileSchema, toPublicProfileJson } from "./people-schemas.js";

export interface UserRoutesOptions {
  community: CommunityQueries;
}

const UsersQuery = Type.Object(
  {
    ids: Type.String({
      minLength: 1,
      maxLength: 4000,
      description: `Comma-separated user ids, at most ${MAX_USER_IDS}.`,
    }),
  },
  { additionalProperties: false },
);

/** Public profiles: what story cards and comments show of an author. */
export const userRoutes: FastifyPluginAsyncTypebox<UserRoutesOptions> = async (app, options) => {
  const { community } = options;

  app.get(
    "/users",
    {
      schema: {
        operationId: "listPublicProfiles",
        summary: "Public profiles (id, username, avatar) of the given users; unknown ids omitted.",
        tags: ["users"],
        querystring: UsersQuery,
        response: {
          200: Type.Object(
            { items: Type.Array(PublicProfileSchema) },
            { additionalProperties: false },
          ),
          ...errorResponses(422),
        },
      },
    },
    async (request) => {
      const profiles = await listPublicProfiles(community, userIdsOf(request.query.ids));
      return { items: profiles.map(toPublicProfileJson) };
    },
  );
};
