import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { API_ID_RULE, isApiId } from "@storyloom/common";
import { Type } from "typebox";
import type { CommunityQueries } from "../community/community-queries.js";
import { invalid } from "../platform/lib/errors.js";
import { errorResponses } from "../platform/http/error-schema.js";

export interface UserRoutesOptions {
  community: CommunityQueries;
}

/** The bff batches every author of a page into one call (its users DataLoader). */
export const MAX_USER_IDS = 100;

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

const PublicProfileSchema = Type.Object(
  {
    id: Type.String(),
    username: Type.String(),
    avatar_url: Type.Union([Type.String(), Type.Null()]),
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
      const ids = [
        ...new Set(
          request.query.ids
            .split(",")
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ];
      if (ids.length === 0) throw invalid("ids", "ids is required.");
      if (!ids.every(isApiId)) {
        throw invalid("ids", `ids is not valid: user ids (${API_ID_RULE}) separated by commas.`);
      }
      if (ids.length > MAX_USER_IDS) {
        throw invalid("ids", `ids must name at most ${MAX_USER_IDS} users.`);
      }
      const profiles = await community.publicProfiles(ids);
      return {
        items: profiles.map((profile) => ({
          id: profile.id,
          username: profile.username,
          avatar_url: profile.avatarUrl,
        })),
      };
    },
  );
};
