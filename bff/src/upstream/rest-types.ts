// Names for the REST shapes the GraphQL mappers use, all taken from the generated OpenAPI types.
import type { components, paths } from "./api-types.js";

export type RestUserProfile =
  paths["/v1/auth/me"]["get"]["responses"][200]["content"]["application/json"];

/** A person's public face, as GET /v1/users answers it: `{id, username, avatar_url}`. */
export type RestPublicProfile =
  paths["/v1/users"]["get"]["responses"][200]["content"]["application/json"]["items"][number];

/**
 * A person as the BFF knows them: their public profile, or a story's author as the story names
 * them (id and username, no avatar yet: User.avatarUrl loads the profile only when asked).
 */
export type RestPerson =
  RestPublicProfile | { id: string; username: string; avatar_url?: undefined };

/** The api's StoryDetail: a story as its viewer may see it. */
export type RestStoryDetail =
  paths["/v1/stories/{id}"]["get"]["responses"][200]["content"]["application/json"];

export type RestStoryImage = RestStoryDetail["images"][number];

/** A version of a story's text as its history lists it, with the story it belongs to. */
export type StoryVersionParent =
  paths["/v1/stories/{id}/versions"]["get"]["responses"][200]["content"]["application/json"]["items"][number] & {
    story_public_id: string;
    /** Its word diff, when the api answered it with the version. */
    changes?: RestTextChange[];
  };

export type RestTextChange =
  paths["/v1/stories/{id}/versions/{number}"]["get"]["responses"][200]["content"]["application/json"]["changes"][number];

/** The api's Comment, with its nested replies in `children`. */
export type RestComment = components["schemas"]["Comment"];

/** A person's public profile with counts (GET /v1/users/by-username/{username}). */
export type RestAuthorProfile = components["schemas"]["AuthorProfile"];

/** A category with its listed stories counted (docs/decisions/024). */
export type RestCategory =
  paths["/v1/categories/{id}"]["get"]["responses"][200]["content"]["application/json"];

/** A tag of listed stories: its lower-cased id, its name, its count. */
export type RestTag =
  paths["/v1/tags"]["get"]["responses"][200]["content"]["application/json"][number];

/** A StoryEdge as the resolvers build it; only searchStories' edges carry a highlight. */
export interface StoryEdgeParent {
  cursor: string;
  node: RestStoryDetail;
  highlight?: RestSearchHighlight | null;
}

/** A search result's title and excerpt in pieces. */
export type RestSearchHighlight =
  paths["/v1/stories/search"]["get"]["responses"][200]["content"]["application/json"]["highlights"][number];

/** A purchase as its buyer sees it (docs/decisions/031-payments.md). */
export type RestPurchase =
  paths["/v1/purchases/{id}"]["get"]["responses"][200]["content"]["application/json"];

/** One line of an author's ledger. */
export type RestEarning =
  paths["/v1/earnings/my"]["get"]["responses"][200]["content"]["application/json"]["items"][number];

/** Admins: a purchase with its buyer and the provider's payment. */
export type RestAdminPurchase =
  paths["/v1/admin/purchases"]["get"]["responses"][200]["content"]["application/json"][number];

/** Admins: one provider event of a purchase. */
export type RestPaymentEvent =
  paths["/v1/admin/purchases/{id}/events"]["get"]["responses"][200]["content"]["application/json"][number];

/** A person's premium after an admin's change. */
export type RestPremiumStatus =
  paths["/v1/admin/users/{id}/premium"]["delete"]["responses"][200]["content"]["application/json"];

/** A session of the local test checkout. */
export type RestTestCheckout =
  paths["/v1/payments/test-checkout/{session_id}"]["get"]["responses"][200]["content"]["application/json"];

/** An amount as the api writes it, in minor units of a currency. */
export interface MoneyParent {
  amount_cents: number;
  currency: string;
}

/** A rewrite of a passage (GET /v1/stories/{id}/rewrites/{rewriteId}) with its story's public id. */
export type PassageRewriteParent =
  paths["/v1/stories/{id}/rewrites/{rewriteId}"]["get"]["responses"][200]["content"]["application/json"] & {
    story_public_id: string;
  };

/** What keeping a rewrite answers, its rewrite given its story's public id. */
export interface KeepRewriteParent {
  rewrite: PassageRewriteParent;
  story: RestStoryDetail;
}
/** A story on a shelf of a reader's library (GET /v1/me/library). */
export type RestLibraryItem =
  paths["/v1/me/library"]["get"]["responses"][200]["content"]["application/json"]["items"][number];

export interface LibraryEdgeParent {
  cursor: string;
  node: RestLibraryItem;
}

/** A reader's progress in a story, with the story's public id it was asked for. */
export type ReadingProgressParent =
  paths["/v1/stories/{id}/progress"]["get"]["responses"][200]["content"]["application/json"] & {
    story_public_id: string;
  };
/** One item of the viewer's inbox (docs/decisions/056-notifications.md). */
export type RestNotification =
  paths["/v1/me/notifications"]["get"]["responses"][200]["content"]["application/json"]["items"][number];
