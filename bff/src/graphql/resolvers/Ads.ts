import type {
  AdminAd,
  AdminAffiliateLink,
  AdPlacement,
  CreateAdInput,
  MutationResolvers,
  QueryResolvers,
  UpdateAdInput,
  UpdateAffiliateLinkInput,
} from "../../__generated__/resolvers-types.js";
import { apiIdArgument } from "../arguments.js";
import type { paths } from "../../upstream/api-types.js";
import { unwrap, unwrapOrNull } from "../errors.js";
import { decodeGlobalId, globalId } from "../global-id.js";

// House ads and affiliate links (docs/decisions/032-house-ads-and-affiliate-links.md) over the
// api's REST shapes: the api decides who sees an ad and what is counted; the bff maps.

type RestAdminAd =
  paths["/v1/admin/ads"]["get"]["responses"][200]["content"]["application/json"][number];
type RestAdminLink =
  paths["/v1/admin/affiliate-links"]["get"]["responses"][200]["content"]["application/json"][number];

const placementOf = (placement: AdPlacement): "home" | "reader" =>
  placement === "READER" ? "reader" : "home";

function toAdminAd(ad: RestAdminAd): AdminAd {
  return {
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
  };
}

function toAdminLink(link: RestAdminLink): AdminAffiliateLink {
  return {
    id: globalId("AffiliateLink", link.id),
    label: link.label,
    targetUrl: link.target_url,
    disclosure: link.disclosure,
    active: link.active,
    createdAt: link.created_at,
    updatedAt: link.updated_at,
    clicks: link.clicks,
    rawClicks: link.raw_clicks,
  };
}

/** Only the fields the caller set travel; null clears where the api allows it. */
const present = <T extends Record<string, unknown>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;

function adBody(input: CreateAdInput | UpdateAdInput) {
  return present({
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

function linkBody(input: UpdateAffiliateLinkInput) {
  return present({
    label: input.label ?? undefined,
    target_url: input.targetUrl ?? undefined,
    disclosure: input.disclosure,
    active: input.active ?? undefined,
  });
}

const adPath = (id: string) => ({ params: { path: { id: decodeGlobalId("Ad", id, "id") } } });
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
  adminAds: async (_parent, _args, { rest }) =>
    (await unwrap(rest.GET("/v1/admin/ads"))).map(toAdminAd),
  adminAffiliateLinks: async (_parent, _args, { rest }) =>
    (await unwrap(rest.GET("/v1/admin/affiliate-links"))).map(toAdminLink),
  adminAffiliateLink: async (_parent, { id }, { rest }) => {
    const link = await unwrapOrNull(rest.GET("/v1/admin/affiliate-links/{id}", linkPath(id)));
    return link === null ? null : toAdminLink(link);
  },
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
  createAd: async (_parent, { input }, { rest }) => {
    const body = adBody(input);
    return toAdminAd(
      await unwrap(
        rest.POST("/v1/admin/ads", {
          body: {
            ...body,
            title: input.title,
            target_url: input.targetUrl,
            placement: placementOf(input.placement),
          },
        }),
      ),
    );
  },
  updateAd: async (_parent, { id, input }, { rest }) =>
    toAdminAd(
      await unwrap(rest.PATCH("/v1/admin/ads/{id}", { ...adPath(id), body: adBody(input) })),
    ),
  deleteAd: async (_parent, { id }, { rest }) => {
    await unwrap(rest.DELETE("/v1/admin/ads/{id}", adPath(id)));
    return { id, deleted: true };
  },
  createAffiliateLink: async (_parent, { input }, { rest }) =>
    toAdminLink(
      await unwrap(
        rest.POST("/v1/admin/affiliate-links", {
          body: { ...linkBody(input), label: input.label, target_url: input.targetUrl },
        }),
      ),
    ),
  updateAffiliateLink: async (_parent, { id, input }, { rest }) =>
    toAdminLink(
      await unwrap(
        rest.PATCH("/v1/admin/affiliate-links/{id}", { ...linkPath(id), body: linkBody(input) }),
      ),
    ),
  deleteAffiliateLink: async (_parent, { id }, { rest }) => {
    await unwrap(rest.DELETE("/v1/admin/affiliate-links/{id}", linkPath(id)));
    return { id, deleted: true };
  },
};
