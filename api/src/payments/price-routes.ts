import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { CommunityQueries } from "../community/community-queries.js";
import type { Database } from "../platform/db/database.js";
import { ADMINS_ONLY } from "../discovery/category-rules.js";
import type { PictureLinks } from "../stories/picture-link-rules.js";
import { priceStory, unpriceStory } from "./pricing.js";
import { forbidden } from "../platform/lib/errors.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import {
  PriceCentsSchema,
  storyDetailResponse,
  StoryIdParams,
  toStoryViewJson,
} from "../stories/story-schemas.js";

export interface PriceRoutesOptions {
  db: Database;
  community: CommunityQueries;
  guards: AuthGuards;
  /** Signs illustrations' URLs for readers who may see them (stories/picture-link-rules.ts). */
  links: PictureLinks;
}

const SetPriceBody = Type.Object(
  {
    price_cents: PriceCentsSchema(
      "One of the price points in USD cents (99, 199, 299, 499), or null to make the story free.",
    ),
  },
  { additionalProperties: false },
);

/**
 * Prices (docs/decisions/030-premium-prices-and-access.md): the author prices their story or makes
 * it free again; an admin takes a price off any story.
 */
export const priceRoutes: FastifyPluginAsyncTypebox<PriceRoutesOptions> = async (app, options) => {
  const { guards, links } = options;
  const pricing = { db: options.db, community: options.community };
  const adminsOnly = {
    onRequest: guards.requireUser,
    preValidation: async (request: FastifyRequest) => {
      if (!signedInUser(request).roles.includes("admin")) throw forbidden(ADMINS_ONLY);
    },
  };

  app.patch(
    "/stories/:id/price",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "setStoryPrice",
        summary: "The author sets the story's price (a price point) or makes it free (null).",
        description:
          "A price needs a completed, public story that moderation has approved (409 NOT_PRICEABLE otherwise); making a story free works in any status. Buyers keep their access whatever the price becomes.",
        tags: ["stories", "prices"],
        security: bearerSecurity,
        params: StoryIdParams,
        body: SetPriceBody,
        response: {
          200: storyDetailResponse("The story with its new price."),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const view = await priceStory(pricing, user, request.params.id, request.body.price_cents);
      return toStoryViewJson(view, links);
    },
  );

  app.delete(
    "/admin/stories/:id/price",
    {
      ...adminsOnly,
      schema: {
        operationId: "removeStoryPrice",
        summary: "An admin makes a priced story free (unprice); buyers keep their access.",
        tags: ["admin", "prices"],
        security: bearerSecurity,
        params: StoryIdParams,
        response: {
          200: storyDetailResponse("The story, free."),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const view = await unpriceStory(pricing, signedInUser(request), request.params.id);
      return toStoryViewJson(view, links);
    },
  );
};
