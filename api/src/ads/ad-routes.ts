import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { Type, type Static } from "typebox";
import {
  AdsQueries,
  type AdFields,
  type AdWithFigures,
  type AffiliateLinkFields,
  type AffiliateLinkWithFigures,
} from "./ads-queries.js";
import type { Database } from "../platform/db/database.js";
import type { AdPlacement, AffiliateLinkRecord, UserRecord } from "../platform/db/schema.js";
import {
  AD_BODY_MAX_LENGTH,
  AD_NOT_FOUND,
  AD_TITLE_MAX_LENGTH,
  AD_WEIGHT_MAX,
  ADMINS_ONLY_ADS,
  ADS_PER_VIEWER_PER_DAY,
  AFFILIATE_DISCLOSURE_MAX_LENGTH,
  AFFILIATE_LABEL_MAX_LENGTH,
  AFFILIATE_LINK_NOT_FOUND,
  AFFILIATE_LINKS_SHOWN,
  DEFAULT_AFFILIATE_DISCLOSURE,
  ENDS_BEFORE_START,
  hourBucket,
  OFFER_CLICK_WINDOW_MS,
  OFFER_VIEW_WINDOW_MS,
  URL_MAX_LENGTH,
  validText,
  validUrl,
  weightedChoice,
} from "./ad-rules.js";
import { adViewerKey } from "./viewer-key.js";
import { forbidden, invalid, notFound } from "../platform/lib/errors.js";
import { apiIdSchema } from "../platform/http/api-id-schema.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";

// House ads and affiliate links over REST (docs/decisions/032-house-ads-and-affiliate-links.md,
// docs/product.md#ads-and-affiliate-links): the api decides who sees an ad (nobody premium) and
// what is counted; admins manage both and see counted against raw figures.

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

const PlacementSchema = Type.Union([Type.Literal("home"), Type.Literal("reader")], {
  description: "home: the home feed; reader: between passages of a story.",
});

const urlField = (description: string) =>
  Type.String({ minLength: 1, maxLength: URL_MAX_LENGTH * 2, description });
const nullableInstant = (description: string) =>
  Type.Union([Type.String({ format: "date-time" }), Type.Null()], { description });

const PublicAdSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    body: Type.String(),
    image_url: Type.Union([Type.String(), Type.Null()], { description: "An https picture." }),
    target_url: Type.String({ description: "Where the ad leads." }),
  },
  { additionalProperties: false },
);

const AdOfferSchema = Type.Object(
  {
    ad: PublicAdSchema,
    nonce: Type.String({
      description: "One-time token of this impression: its view and its click count once.",
    }),
  },
  { additionalProperties: false },
);

const AdminAdSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    body: Type.String(),
    image_url: Type.Union([Type.String(), Type.Null()]),
    target_url: Type.String(),
    placement: PlacementSchema,
    weight: Type.Integer({ minimum: 1, maximum: AD_WEIGHT_MAX }),
    starts_at: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
    ends_at: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
    paused: Type.Boolean(),
    created_at: Type.String({ format: "date-time" }),
    updated_at: Type.String({ format: "date-time" }),
    served: Type.Integer({ minimum: 0, description: "Offers made (impressions asked for)." }),
    views: Type.Integer({ minimum: 0, description: "Views counted: once per offer, fresh." }),
    clicks: Type.Integer({ minimum: 0, description: "Clicks counted: once per viewed offer." }),
    raw_views: Type.Integer({ minimum: 0, description: "Every view request, counted or not." }),
    raw_clicks: Type.Integer({ minimum: 0, description: "Every click request, counted or not." }),
  },
  { additionalProperties: false },
);
type AdminAdJson = Static<typeof AdminAdSchema>;

const adFields = {
  title: Type.String({
    maxLength: AD_TITLE_MAX_LENGTH * 2,
    description: `1 to ${AD_TITLE_MAX_LENGTH} characters after trimming.`,
  }),
  body: Type.String({
    maxLength: AD_BODY_MAX_LENGTH * 2,
    description: `At most ${AD_BODY_MAX_LENGTH} characters after trimming.`,
  }),
  image_url: Type.Union([urlField("An https address of a picture."), Type.Null()], {
    description: "An https address of a picture; null for none.",
  }),
  target_url: urlField("The http or https address the ad leads to."),
  placement: PlacementSchema,
  weight: Type.Integer({
    minimum: 1,
    maximum: AD_WEIGHT_MAX,
    description: "Its share of the slot against the other running ads of the placement.",
  }),
  starts_at: nullableInstant("Shown from then on; null: from now."),
  ends_at: nullableInstant("Shown until then; null: without end."),
  paused: Type.Boolean({ description: "True: not shown until resumed." }),
};

const CreateAdBody = Type.Object(
  {
    title: adFields.title,
    body: Type.Optional(adFields.body),
    image_url: Type.Optional(adFields.image_url),
    target_url: adFields.target_url,
    placement: adFields.placement,
    weight: Type.Optional(adFields.weight),
    starts_at: Type.Optional(adFields.starts_at),
    ends_at: Type.Optional(adFields.ends_at),
    paused: Type.Optional(adFields.paused),
  },
  { additionalProperties: false },
);
const UpdateAdBody = Type.Partial(Type.Object(adFields, { additionalProperties: false }));

const AffiliateLinkSchema = Type.Object(
  {
    id: Type.String(),
    label: Type.String(),
    target_url: Type.String(),
    disclosure: Type.String({ description: "Shown beside the link, always." }),
  },
  { additionalProperties: false },
);

const AdminAffiliateLinkSchema = Type.Object(
  {
    id: Type.String(),
    label: Type.String(),
    target_url: Type.String(),
    disclosure: Type.Union([Type.String(), Type.Null()], {
      description: `Its own disclosure; null: "${DEFAULT_AFFILIATE_DISCLOSURE}".`,
    }),
    active: Type.Boolean(),
    created_at: Type.String({ format: "date-time" }),
    updated_at: Type.String({ format: "date-time" }),
    clicks: Type.Integer({ minimum: 0, description: "Counted: one per viewer and hour." }),
    raw_clicks: Type.Integer({ minimum: 0, description: "Every click, counted or not." }),
  },
  { additionalProperties: false },
);

const linkFields = {
  label: Type.String({
    maxLength: AFFILIATE_LABEL_MAX_LENGTH * 2,
    description: `1 to ${AFFILIATE_LABEL_MAX_LENGTH} characters after trimming.`,
  }),
  target_url: urlField("The http or https address of the link."),
  disclosure: Type.Union(
    [Type.String({ maxLength: AFFILIATE_DISCLOSURE_MAX_LENGTH * 2 }), Type.Null()],
    {
      description: `At most ${AFFILIATE_DISCLOSURE_MAX_LENGTH} characters; blank or null: the site's own.`,
    },
  ),
  active: Type.Boolean({ description: "False: readers do not see it." }),
};
const CreateLinkBody = Type.Object(
  {
    label: linkFields.label,
    target_url: linkFields.target_url,
    disclosure: Type.Optional(linkFields.disclosure),
    active: Type.Optional(linkFields.active),
  },
  { additionalProperties: false },
);
const UpdateLinkBody = Type.Partial(Type.Object(linkFields, { additionalProperties: false }));

const IdParams = (what: string) => Type.Object({ id: apiIdSchema(what) });
const NonceParams = Type.Object({ nonce: apiIdSchema("The offer's nonce (AdOffer.nonce)") });
const NextAdQuery = Type.Object({ placement: PlacementSchema }, { additionalProperties: false });

const Deleted = Type.Object(
  { id: Type.String(), deleted: Type.Literal(true) },
  { additionalProperties: false },
);

function toAdminAdJson(ad: AdWithFigures): AdminAdJson {
  return {
    id: ad.id,
    title: ad.title,
    body: ad.body,
    image_url: ad.imageUrl,
    target_url: ad.targetUrl,
    placement: ad.placement,
    weight: ad.weight,
    starts_at: ad.startsAt?.toISOString() ?? null,
    ends_at: ad.endsAt?.toISOString() ?? null,
    paused: ad.paused,
    created_at: ad.createdAt.toISOString(),
    updated_at: ad.updatedAt.toISOString(),
    served: ad.served,
    views: ad.views,
    clicks: ad.clicks,
    raw_views: ad.rawViews,
    raw_clicks: ad.rawClicks,
  };
}

function toAdminLinkJson(link: AffiliateLinkWithFigures) {
  return {
    id: link.id,
    label: link.label,
    target_url: link.targetUrl,
    disclosure: link.disclosure,
    active: link.active,
    created_at: link.createdAt.toISOString(),
    updated_at: link.updatedAt.toISOString(),
    clicks: link.clicks,
    raw_clicks: link.rawClicks,
  };
}

const toPublicLinkJson = (link: AffiliateLinkRecord) => ({
  id: link.id,
  label: link.label,
  target_url: link.targetUrl,
  disclosure: link.disclosure ?? DEFAULT_AFFILIATE_DISCLOSURE,
});

/** Premium readers see no ads and no affiliate links (docs/decisions/032). */
export function isPremium(user: UserRecord | null, now: Date): boolean {
  return user?.premiumUntil != null && user.premiumUntil > now;
}

/** The caller's User-Agent; none at all reads as a bot's. */
const userAgentOf = (request: FastifyRequest) => request.headers["user-agent"] ?? "";

/** Why this request's view or click is not counted; null: it counts (docs/decisions/032). */
function uncountedReason(request: FastifyRequest): "bot" | "admin" | "head" | null {
  if (request.method === "HEAD") return "head";
  const userAgent = userAgentOf(request);
  if (userAgent.trim() === "" || isbot(userAgent)) return "bot";
  if (request.user?.roles.includes("admin")) return "admin";
  return null;
}

const instant = (field: string, value: string | null | undefined) => {
  if (value === undefined || value === null) return value;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw invalid(field, `${field} must be an ISO 8601 instant.`);
  return at;
};

/** An ad's fields as written, checked: text trimmed, addresses of the right schemes. */
function adChanges(body: Partial<Static<typeof UpdateAdBody>>): Partial<AdFields> {
  const changes: Partial<AdFields> = {};
  if (body.title !== undefined) changes.title = validText("title", body.title, AD_TITLE_MAX_LENGTH);
  if (body.body !== undefined) {
    changes.body = validText("body", body.body, AD_BODY_MAX_LENGTH, true);
  }
  if (body.image_url !== undefined) {
    changes.imageUrl =
      body.image_url === null || body.image_url.trim() === ""
        ? null
        : validUrl("image_url", body.image_url, ["https"]);
  }
  if (body.target_url !== undefined) {
    changes.targetUrl = validUrl("target_url", body.target_url, ["https", "http"]);
  }
  if (body.placement !== undefined) changes.placement = body.placement;
  if (body.weight !== undefined) changes.weight = body.weight;
  const startsAt = instant("starts_at", body.starts_at);
  if (startsAt !== undefined) changes.startsAt = startsAt;
  const endsAt = instant("ends_at", body.ends_at);
  if (endsAt !== undefined) changes.endsAt = endsAt;
  if (body.paused !== undefined) changes.paused = body.paused;
  return changes;
}

/** The window of an ad after `changes`: its end after its start. */
function checkWindow(startsAt: Date | null, endsAt: Date | null) {
  if (startsAt && endsAt && endsAt <= startsAt) throw invalid("ends_at", ENDS_BEFORE_START);
}

function linkChanges(body: Partial<Static<typeof UpdateLinkBody>>): Partial<AffiliateLinkFields> {
  const changes: Partial<AffiliateLinkFields> = {};
  if (body.label !== undefined) {
    changes.label = validText("label", body.label, AFFILIATE_LABEL_MAX_LENGTH);
  }
  if (body.target_url !== undefined) {
    changes.targetUrl = validUrl("target_url", body.target_url, ["https", "http"]);
  }
  if (body.disclosure !== undefined) {
    const text =
      body.disclosure === null
        ? ""
        : validText("disclosure", body.disclosure, AFFILIATE_DISCLOSURE_MAX_LENGTH, true);
    changes.disclosure = text === "" ? null : text;
  }
  if (body.active !== undefined) changes.active = body.active;
  return changes;
}

export const adRoutes: FastifyPluginAsyncTypebox<AdRoutesOptions> = async (app, options) => {
  const { guards, readHashSecret } = options;
  const queries = new AdsQueries(options.db);
  const now = options.now ?? (() => new Date());
  const viewerKeyOf = (request: FastifyRequest, at: Date) =>
    adViewerKey(
      readHashSecret,
      request.user
        ? { userId: request.user.id }
        : { ip: request.ip, userAgent: userAgentOf(request) },
      at,
    );
  // 401 for visitors before the body is read, 403 for anyone but an admin.
  const adminsOnly = {
    onRequest: guards.requireUser,
    preValidation: async (request: FastifyRequest) => {
      if (!signedInUser(request).roles.includes("admin")) throw forbidden(ADMINS_ONLY_ADS);
    },
  };

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
      const at = now();
      const noAd = () => reply.status(204).send(null);
      if (isPremium(request.user, at) || uncountedReason(request) === "bot") return noAd();
      const key = viewerKeyOf(request, at);
      if ((await queries.viewsOf(key)) >= ADS_PER_VIEWER_PER_DAY) return noAd();
      const placement: AdPlacement = request.query.placement;
      const ad = weightedChoice(await queries.runningAds(placement, at), options.random);
      if (ad === null) return noAd();
      const nonce = await queries.createOffer(ad.id, key, at);
      return {
        ad: {
          id: ad.id,
          title: ad.title,
          body: ad.body,
          image_url: ad.imageUrl,
          target_url: ad.targetUrl,
        },
        nonce,
      };
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
        response: {
          200: Type.Object(
            { counted: Type.Boolean({ description: "This request was the counted view." }) },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request) => {
      const at = now();
      const outcome = await queries.recordView(
        request.params.nonce,
        at,
        new Date(at.getTime() - OFFER_VIEW_WINDOW_MS),
        uncountedReason(request) === null,
      );
      if (outcome === null) throw notFound(AD_NOT_FOUND);
      return { counted: outcome.counted };
    },
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
        response: {
          200: Type.Object(
            {
              url: Type.String({ description: "Where the ad leads." }),
              counted: Type.Boolean({ description: "This request was the counted click." }),
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request) => {
      const at = now();
      const outcome = await queries.recordClick(
        request.params.nonce,
        at,
        new Date(at.getTime() - OFFER_CLICK_WINDOW_MS),
        uncountedReason(request) === null,
      );
      if (outcome === null) throw notFound(AD_NOT_FOUND);
      return { url: outcome.targetUrl, counted: outcome.counted };
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
        response: {
          200: Type.Object(
            { items: Type.Array(AffiliateLinkSchema) },
            { additionalProperties: false },
          ),
          ...errorResponses(401),
        },
      },
    },
    async (request) => {
      if (isPremium(request.user, now())) return { items: [] };
      const links = await queries.activeLinks(AFFILIATE_LINKS_SHOWN);
      return { items: links.map(toPublicLinkJson) };
    },
  );

  const trackSchema = {
    operationId: "trackAffiliateClick",
    summary:
      "A click on an affiliate link: its address. Counted once per viewer, link and hour; bots " +
      "and admins are kept uncounted with their reason.",
    tags: ["ads"],
    security: optionalSecurity,
    params: IdParams("The affiliate link's id"),
    response: {
      200: Type.Object(
        {
          url: Type.String({ description: "The link's address." }),
          counted: Type.Boolean({ description: "This click was counted." }),
        },
        { additionalProperties: false },
      ),
      ...errorResponses(401, 404, 422),
    },
  };
  const track = async (request: FastifyRequest, id: string) => {
    const at = now();
    const outcome = await queries.recordLinkClick(
      id,
      viewerKeyOf(request, at),
      hourBucket(at),
      uncountedReason(request),
    );
    if (outcome === null) throw notFound(AFFILIATE_LINK_NOT_FOUND);
    return { url: outcome.targetUrl, counted: outcome.counted };
  };
  app.post(
    "/affiliates/:id/track",
    { onRequest: guards.optionalUser, schema: trackSchema },
    async (request) => track(request, request.params.id),
  );
  // A HEAD (a prefetcher, a link checker) is kept raw with its reason and answers no body.
  app.head(
    "/affiliates/:id/track",
    {
      onRequest: guards.optionalUser,
      schema: { hide: true, params: IdParams("The affiliate link's id") },
    },
    async (request, reply) => {
      await track(request, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/admin/ads",
    {
      ...adminsOnly,
      schema: {
        operationId: "listAds",
        summary: "Admins: every ad (the newest 200), newest first, with counted and raw figures.",
        tags: ["admin", "ads"],
        security: bearerSecurity,
        response: { 200: Type.Array(AdminAdSchema), ...errorResponses(401, 403) },
      },
    },
    async () => (await queries.listAds()).map(toAdminAdJson),
  );

  app.post(
    "/admin/ads",
    {
      ...adminsOnly,
      schema: {
        operationId: "createAd",
        summary: "Admins: a new ad in a placement.",
        tags: ["admin", "ads"],
        security: bearerSecurity,
        body: CreateAdBody,
        response: { 201: AdminAdSchema, ...errorResponses(400, 401, 403, 415, 422) },
      },
    },
    async (request, reply) => {
      const changes = adChanges(request.body);
      checkWindow(changes.startsAt ?? null, changes.endsAt ?? null);
      const created = await queries.createAd({
        title: changes.title!,
        body: changes.body ?? "",
        imageUrl: changes.imageUrl ?? null,
        targetUrl: changes.targetUrl!,
        placement: changes.placement!,
        weight: changes.weight ?? 1,
        startsAt: changes.startsAt ?? null,
        endsAt: changes.endsAt ?? null,
        paused: changes.paused ?? false,
      });
      const ad = await queries.findAd(created.id);
      if (ad === null) throw notFound(AD_NOT_FOUND);
      return reply.status(201).send(toAdminAdJson(ad));
    },
  );

  app.patch(
    "/admin/ads/:id",
    {
      ...adminsOnly,
      schema: {
        operationId: "updateAd",
        summary: "Admins: edits, pauses or resumes, schedules or reweighs an ad.",
        tags: ["admin", "ads"],
        security: bearerSecurity,
        params: IdParams("The ad's id"),
        body: UpdateAdBody,
        response: { 200: AdminAdSchema, ...errorResponses(400, 401, 403, 404, 415, 422) },
      },
    },
    async (request) => {
      const existing = await queries.findAd(request.params.id);
      if (existing === null) throw notFound(AD_NOT_FOUND);
      const changes = adChanges(request.body);
      checkWindow(
        changes.startsAt === undefined ? existing.startsAt : changes.startsAt,
        changes.endsAt === undefined ? existing.endsAt : changes.endsAt,
      );
      if ((await queries.updateAd(existing.id, changes)) === null) {
        throw notFound(AD_NOT_FOUND);
      }
      const ad = await queries.findAd(existing.id);
      if (ad === null) throw notFound(AD_NOT_FOUND);
      return toAdminAdJson(ad);
    },
  );

  app.delete(
    "/admin/ads/:id",
    {
      ...adminsOnly,
      schema: {
        operationId: "deleteAd",
        summary: "Admins: deletes an ad with its offers and figures.",
        tags: ["admin", "ads"],
        security: bearerSecurity,
        params: IdParams("The ad's id"),
        response: { 200: Deleted, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      if (!(await queries.deleteAd(request.params.id))) throw notFound(AD_NOT_FOUND);
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.get(
    "/admin/affiliate-links",
    {
      ...adminsOnly,
      schema: {
        operationId: "listAdminAffiliateLinks",
        summary:
          "Admins: every affiliate link (the newest 200), newest first, with counted and raw clicks.",
        tags: ["admin", "ads"],
        security: bearerSecurity,
        response: { 200: Type.Array(AdminAffiliateLinkSchema), ...errorResponses(401, 403) },
      },
    },
    async () => (await queries.listLinks()).map(toAdminLinkJson),
  );

  app.post(
    "/admin/affiliate-links",
    {
      ...adminsOnly,
      schema: {
        operationId: "createAffiliateLink",
        summary: "Admins: a new affiliate link, active unless said otherwise.",
        tags: ["admin", "ads"],
        security: bearerSecurity,
        body: CreateLinkBody,
        response: { 201: AdminAffiliateLinkSchema, ...errorResponses(400, 401, 403, 415, 422) },
      },
    },
    async (request, reply) => {
      const changes = linkChanges(request.body);
      const created = await queries.createLink({
        label: changes.label!,
        targetUrl: changes.targetUrl!,
        disclosure: changes.disclosure ?? null,
        active: changes.active ?? true,
      });
      return reply.status(201).send(toAdminLinkJson({ ...created, clicks: 0, rawClicks: 0 }));
    },
  );

  app.get(
    "/admin/affiliate-links/:id",
    {
      ...adminsOnly,
      schema: {
        operationId: "getAffiliateLink",
        summary: "Admins: one affiliate link with counted and raw clicks.",
        tags: ["admin", "ads"],
        security: bearerSecurity,
        params: IdParams("The affiliate link's id"),
        response: { 200: AdminAffiliateLinkSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const link = await queries.findLink(request.params.id);
      if (link === null) throw notFound(AFFILIATE_LINK_NOT_FOUND);
      return toAdminLinkJson(link);
    },
  );

  app.patch(
    "/admin/affiliate-links/:id",
    {
      ...adminsOnly,
      schema: {
        operationId: "updateAffiliateLink",
        summary: "Admins: edits an affiliate link, or turns it off or on.",
        tags: ["admin", "ads"],
        security: bearerSecurity,
        params: IdParams("The affiliate link's id"),
        body: UpdateLinkBody,
        response: {
          200: AdminAffiliateLinkSchema,
          ...errorResponses(400, 401, 403, 404, 415, 422),
        },
      },
    },
    async (request) => {
      const changes = linkChanges(request.body);
      if ((await queries.updateLink(request.params.id, changes)) === null) {
        throw notFound(AFFILIATE_LINK_NOT_FOUND);
      }
      const link = await queries.findLink(request.params.id);
      if (link === null) throw notFound(AFFILIATE_LINK_NOT_FOUND);
      return toAdminLinkJson(link);
    },
  );

  app.delete(
    "/admin/affiliate-links/:id",
    {
      ...adminsOnly,
      schema: {
        operationId: "deleteAffiliateLink",
        summary: "Admins: deletes an affiliate link with its clicks.",
        tags: ["admin", "ads"],
        security: bearerSecurity,
        params: IdParams("The affiliate link's id"),
        response: { 200: Deleted, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      if (!(await queries.deleteLink(request.params.id))) {
        throw notFound(AFFILIATE_LINK_NOT_FOUND);
      }
      return { id: request.params.id, deleted: true as const };
    },
  );
};
