import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { Database } from "../platform/db/database.js";
import { AFFILIATE_LINKS_SHOWN, type AdCaller } from "./ad-rules.js";
import { adsDeps, countAdClick, countAdView, serveNextAd } from "./ad-serving.js";
import { listAffiliateLinks, trackAffiliateClick } from "./affiliate-tracking.js";
import {
  AdClickCounted,
  AdOfferSchema,
  AdViewCounted,
  AffiliateClickTracked,
  AffiliateLinkList,
  IdParams,
  NextAdQuery,
  NonceParams,
  toAdOfferJson,
  toAffiliateLinkJson,
  toFollowedJson,
} from "./ads-schemas.js";
import type { AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";

// House ads and affiliate links as readers meet them (docs/decisions/032-house-ads-and-affiliate-
// links.md, docs/product.md#ads-and-affiliate-links): an ad for a slot, its view and click
// counted by the offer's nonce, the links under a story and their clicks. Visitors and signed-in
// readers alike; the use cases decide who sees what and what is counted.

export interface AdRoutesOptions {
  db: Database;
  guards: AuthGuards;
  /** The secret viewer keys are hashed with (READ_HASH_SECRET). */
  readHashSecret: string;
  /** The clock (tests fix it). */
  now?: () => Date;
  /** In [0, 1): picks among running ads by weight (tests fix it). */
  random?: () => number;
}

const optionalSecurity = [{}, ...bearerSecurity];

/** The caller as the use cases see them; no User-Agent at all reads as a bot's. */
const callerOf = (request: FastifyRequest): AdCaller => ({
  user: request.user,
  ip: request.ip,
  userAgent: request.headers["user-agent"] ?? "",
});

export const adRoutes: FastifyPluginAsyncTypebox<AdRoutesOptions> = async (app, options) => {
  const { guards } = options;
  const deps = adsDeps(options);

  app.get(
    "/ads/next",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "nextAd",
        summary:
          "An ad for a slot, with the one-time nonce its view and click are counted by. 204: no ad " +
          "(a premium reader, a bot, no ad running, or the viewer's daily cap reached).",
        tags: ["ads"],
        security: optionalSecurity,
        querystring: NextAdQuery,
        response: {
          200: AdOfferSchema,
          204: Type.Null({ description: "No ad for this viewer now." }),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request, reply) => {
      const offer = await serveNextAd(deps, callerOf(request), request.query.placement);
      if (offer === null) return reply.status(204).send(null);
      return toAdOfferJson(offer.ad, offer.nonce);
    },
  );

  app.post(
    "/ads/offers/:nonce/view",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "recordAdView",
        summary:
          "The ad of an offer was seen. Counted once per offer, while it is fresh, and never for " +
          "bots or admins; every request is counted raw.",
        tags: ["ads"],
        security: optionalSecurity,
        params: NonceParams,
        response: { 200: AdViewCounted, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => countAdView(deps, callerOf(request), request.params.nonce),
  );

  app.post(
    "/ads/offers/:nonce/click",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "recordAdClick",
        summary:
          "The ad of an offer was clicked: its address. Counted once per viewed offer, while it " +
          "is fresh, and never for bots or admins; every request is counted raw.",
        tags: ["ads"],
        security: optionalSecurity,
        params: NonceParams,
        response: { 200: AdClickCounted, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      return toFollowedJson(await countAdClick(deps, callerOf(request), request.params.nonce));
    },
  );

  app.get(
    "/affiliates",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "listAffiliateLinks",
        summary: `The affiliate links shown under a story (at most ${AFFILIATE_LINKS_SHOWN}, newest first); none for premium readers.`,
        tags: ["ads"],
        security: optionalSecurity,
        response: { 200: AffiliateLinkList, ...errorResponses(401) },
      },
    },
    async (request) => {
      const links = await listAffiliateLinks(deps, callerOf(request));
      return { items: links.map(toAffiliateLinkJson) };
    },
  );

  app.post(
    "/affiliates/:id/track",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "trackAffiliateClick",
        summary:
          "A click on an affiliate link: its address. Counted once per viewer, link and hour; bots " +
          "and admins are kept uncounted with their reason.",
        tags: ["ads"],
        security: optionalSecurity,
        params: IdParams("The affiliate link's id"),
        response: { 200: AffiliateClickTracked, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      return toFollowedJson(await trackAffiliateClick(deps, callerOf(request), request.params.id));
    },
  );
  // A HEAD (a prefetcher, a link checker) is kept raw with its reason and answers no body.
  app.head(
    "/affiliates/:id/track",
    {
      onRequest: guards.optionalUser,
      schema: { hide: true, params: IdParams("The affiliate link's id") },
    },
    async (request, reply) => {
      await trackAffiliateClick(deps, callerOf(request), request.params.id, true);
      return reply.status(204).send();
    },
  );
};
