import type {
  AdminAd,
  AdminAffiliateLink,
  AdPlacement,
  CreateAdInput,
  CreateAffiliateLinkInput,
  MutationResolvers,
  QueryResolvers,
  UpdateAdInput,
  UpdateAffiliateLinkInput,
} from "../../__generated__/resolvers-types.js";
import { apiIdArgument, fieldsSet } from "../arguments.js";
import { unwrap } from "../errors.js";
import { decodeGlobalId, globalId } from "../global-id.js";
import { adminCrud } from "./admin-crud.js";

// House ads and affiliate links (docs/decisions/032-house-ads-and-affiliate-links.md) over the
// api's REST shapes: the api decides who sees an ad and what is counted; the bff maps. Admins keep
// both through one shape of resolvers (admin-crud.ts).

const placementOf = (placement: AdPlacement): "home" | "reader" =>
  placement === "READER" ? "reader" : "home";

function adBody(input: CreateAdInput | UpdateAdInput) {
  return fieldsSet({
    title: input.title ?? undefined,
    body: input.body ?? undefined,
    image_url: input.imageUrl,
    target_url: input.targetUrl ?? undefined,
    placement: input.placement ? placementOf(input.placement) : undefined,
    weight: input.weight ?? undefined,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    paused: input.paused ?? undefined,
  });
}

function linkBody(input: CreateAffiliateLinkInput | UpdateAffiliateLinkInput) {
  return fieldsSet({
    label: input.label ?? undefined,
    target_url: input.targetUrl ?? undefined,
    disclosure: input.disclosure,
    active: input.active ?? undefined,
  });
}

const ads = adminCrud({
  collection: "/v1/admin/ads",
  idType: "Ad",
  fromRest: (ad): AdminAd => ({
    id: globalId("Ad", ad.id),
    title: ad.title,
    body: ad.body,
    imageUrl: ad.image_url,
    targetUrl: ad.target_url,
    placement: ad.placement === "reader" ? "READER" : "HOME",
    weight: ad.weight,
    startsAt: ad.starts_at,
    endsAt: ad.ends_at,
    paused: ad.paused,
    createdAt: ad.created_at,
    updatedAt: ad.updated_at,
    served: ad.served,
    views: ad.views,
    clicks: ad.clicks,
    rawViews: ad.raw_views,
    rawClicks: ad.raw_clicks,
  }),
  createBody: (input: CreateAdInput) => ({
    ...adBody(input),
    title: input.title,
    target_url: input.targetUrl,
    placement: placementOf(input.placement),
  }),
  updateBody: (input: UpdateAdInput) => adBody(input),
});

const links = adminCrud({
  collection: "/v1/admin/affiliate-links",
  idType: "AffiliateLink",
  fromRest: (link): AdminAffiliateLink => ({
    id: globalId("AffiliateLink", link.id),
    label: link.label,
    targetUrl: link.target_url,
    disclosure: link.disclosure,
    active: link.active,
    createdAt: link.created_at,
    updatedAt: link.updated_at,
    clicks: link.clicks,
    rawClicks: link.raw_clicks,
  }),
  createBody: (input: CreateAffiliateLinkInput) => ({
    ...linkBody(input),
    label: input.label,
    target_url: input.targetUrl,
  }),
  updateBody: (input: UpdateAffiliateLinkInput) => linkBody(input),
});

const linkPath = (id: string) => ({
  params: { path: { id: decodeGlobalId("AffiliateLink", id, "id") } },
});
const noncePath = (nonce: string) => ({
  params: { path: { nonce: apiIdArgument(nonce, "nonce") } },
});

export const AdQueries: Pick<
  QueryResolvers,
  "nextAd" | "affiliateLinks" | "adminAds" | "adminAffiliateLinks" | "adminAffiliateLink"
> = {
  nextAd: async (_parent, { placement }, { rest }) => {
    const offer = await unwrap(
      rest.GET("/v1/ads/next", { params: { query: { placement: placementOf(placement) } } }),
    );
    // 204: no ad for this viewer now (premium, none running, or the day's share seen).
    if (!offer) return null;
    return {
      nonce: offer.nonce,
      ad: {
        id: globalId("Ad", offer.ad.id),
        title: offer.ad.title,
        body: offer.ad.body,
        imageUrl: offer.ad.image_url,
        targetUrl: offer.ad.target_url,
      },
    };
  },
  affiliateLinks: async (_parent, _args, { rest }) => {
    const { items } = await unwrap(rest.GET("/v1/affiliates"));
    return items.map((link) => ({
      id: globalId("AffiliateLink", link.id),
      label: link.label,
      targetUrl: link.target_url,
      disclosure: link.disclosure,
    }));
  },
  adminAds: ads.list,
  adminAffiliateLinks: links.list,
  adminAffiliateLink: links.find,
};

export const AdMutations: Pick<
  MutationResolvers,
  | "recordAdView"
  | "recordAdClick"
  | "trackAffiliateClick"
  | "createAd"
  | "updateAd"
  | "deleteAd"
  | "createAffiliateLink"
  | "updateAffiliateLink"
  | "deleteAffiliateLink"
> = {
  recordAdView: (_parent, { nonce }, { rest }) =>
    unwrap(rest.POST("/v1/ads/offers/{nonce}/view", noncePath(nonce))),
  recordAdClick: (_parent, { nonce }, { rest }) =>
    unwrap(rest.POST("/v1/ads/offers/{nonce}/click", noncePath(nonce))),
  trackAffiliateClick: (_parent, { id }, { rest }) =>
    unwrap(rest.POST("/v1/affiliates/{id}/track", linkPath(id))),
  createAd: ads.create,
  updateAd: ads.update,
  deleteAd: ads.remove,
  createAffiliateLink: links.create,
  updateAffiliateLink: links.update,
  deleteAffiliateLink: links.remove,
};
