import { Type, type Static, type TOptional, type TProperties } from "typebox";
import type { AdRecord, AffiliateLinkRecord } from "../platform/db/schema.js";
import type { AdWithFigures, AffiliateLinkWithFigures } from "./ads-queries.js";
import {
  AD_BODY_MAX_LENGTH,
  AD_TITLE_MAX_LENGTH,
  AD_WEIGHT_MAX,
  AFFILIATE_DISCLOSURE_MAX_LENGTH,
  AFFILIATE_LABEL_MAX_LENGTH,
  DEFAULT_AFFILIATE_DISCLOSURE,
  URL_MAX_LENGTH,
} from "./ad-rules.js";
import { apiIdSchema } from "../platform/http/api-id-schema.js";

// The REST shapes of house ads and affiliate links (docs/decisions/032), in snake_case, with the
// mapping of records onto them. Admins' ads and links share one shape of bodies: every field of
// the record, the required ones on create, any of them on edit.

export const PlacementSchema = Type.Union([Type.Literal("home"), Type.Literal("reader")], {
  description: "home: the home feed; reader: between passages of a story.",
});

const urlField = (description: string) =>
  Type.String({ minLength: 1, maxLength: URL_MAX_LENGTH * 2, description });
const nullableInstant = (description: string) =>
  Type.Union([Type.String({ format: "date-time" }), Type.Null()], { description });

/**
 * The bodies admins write a record with: on create, the `required` fields and any of the others;
 * on edit, any of them.
 */
function recordBodies<Fields extends TProperties, Required extends keyof Fields & string>(
  fields: Fields,
  required: readonly Required[],
) {
  const createFields = Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [
      name,
      required.includes(name as Required) ? schema : Type.Optional(schema),
    ]),
  ) as { [Name in keyof Fields]: Name extends Required ? Fields[Name] : TOptional<Fields[Name]> };
  return {
    create: Type.Object(createFields, { additionalProperties: false }),
    update: Type.Partial(Type.Object(fields, { additionalProperties: false })),
  };
}

// Ads

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

export const AdOfferSchema = Type.Object(
  {
    ad: PublicAdSchema,
    nonce: Type.String({
      description: "One-time token of this impression: its view and its click count once.",
    }),
  },
  { additionalProperties: false },
);
type AdOfferJson = Static<typeof AdOfferSchema>;

export const NextAdQuery = Type.Object(
  { placement: PlacementSchema },
  { additionalProperties: false },
);
export const NonceParams = Type.Object({
  nonce: apiIdSchema("The offer's nonce (AdOffer.nonce)"),
});

export const AdViewCounted = Type.Object(
  { counted: Type.Boolean({ description: "This request was the counted view." }) },
  { additionalProperties: false },
);
export const AdClickCounted = Type.Object(
  {
    url: Type.String({ description: "Where the ad leads." }),
    counted: Type.Boolean({ description: "This request was the counted click." }),
  },
  { additionalProperties: false },
);

export const AdminAdSchema = Type.Object(
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

export const AdBodies = recordBodies(
  {
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
  },
  ["title", "target_url", "placement"],
);

export function toAdOfferJson(ad: AdRecord, nonce: string): AdOfferJson {
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
}

export function toAdminAdJson(ad: AdWithFigures): AdminAdJson {
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

// Affiliate links

export const AffiliateLinkSchema = Type.Object(
  {
    id: Type.String(),
    label: Type.String(),
    target_url: Type.String(),
    disclosure: Type.String({ description: "Shown beside the link, always." }),
  },
  { additionalProperties: false },
);
type AffiliateLinkJson = Static<typeof AffiliateLinkSchema>;

export const AffiliateLinkList = Type.Object(
  { items: Type.Array(AffiliateLinkSchema) },
  { additionalProperties: false },
);

export const AffiliateClickTracked = Type.Object(
  {
    url: Type.String({ description: "The link's address." }),
    counted: Type.Boolean({ description: "This click was counted." }),
  },
  { additionalProperties: false },
);

export const AdminAffiliateLinkSchema = Type.Object(
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
type AdminAffiliateLinkJson = Static<typeof AdminAffiliateLinkSchema>;

export const AffiliateLinkBodies = recordBodies(
  {
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
  },
  ["label", "target_url"],
);

export function toAffiliateLinkJson(link: AffiliateLinkRecord): AffiliateLinkJson {
  return {
    id: link.id,
    label: link.label,
    target_url: link.targetUrl,
    disclosure: link.disclosure ?? DEFAULT_AFFILIATE_DISCLOSURE,
  };
}

export function toAdminAffiliateLinkJson(link: AffiliateLinkWithFigures): AdminAffiliateLinkJson {
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

// Both

/** The path parameter naming a record (`what` says which). */
export const IdParams = (what: string) => Type.Object({ id: apiIdSchema(what) });

export const Deleted = Type.Object(
  { id: Type.String(), deleted: Type.Literal(true) },
  { additionalProperties: false },
);

/** A followed ad or affiliate link: where it leads, and whether this click was counted. */
export const toFollowedJson = (click: { targetUrl: string; counted: boolean }) => ({
  url: click.targetUrl,
  counted: click.counted,
});

export const toDeletedJson = (id: string): Static<typeof Deleted> => ({ id, deleted: true });
