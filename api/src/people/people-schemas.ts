import { Type, type Static } from "typebox";
import type { PublicProfile } from "../community/community-queries.js";
import type { AuthorProfile, Subscriber, SubscriptionWithAuthor } from "./people-queries.js";
import type { SubscriptionRecord } from "../platform/db/schema.js";
import type { KeysetPage } from "../platform/lib/keyset-page.js";
import type { FollowedAuthor } from "./subscriptions.js";

const AUTHOR_PROFILE_ID = "AuthorProfile";

const nullableString = (description: string) =>
  Type.Union([Type.String(), Type.Null()], { description });

/** What anyone may see of a person: /profile/{username}, a followed author. */
export const AuthorProfileSchema = Type.Object(
  {
    id: Type.String({ description: "The api's user id; stories name it as author_id." }),
    username: Type.String({ description: "Unique; used in /profile/{username} links." }),
    display_name: nullableString("Shown instead of the username where there is room."),
    avatar_url: nullableString("An https image URL."),
    bio: nullableString("Free text about the person."),
    created_at: Type.String({ format: "date-time", description: "When the person joined." }),
    story_count: Type.Integer({ description: "Listed stories: completed, public and approved." }),
    subscriber_count: Type.Integer({ description: "How many people follow the person." }),
    viewer_subscription_id: nullableString(
      "The caller's subscription to the person; null for a visitor or one who does not follow.",
    ),
    is_viewer: Type.Boolean({ description: "True on the caller's own profile." }),
  },
  { $id: AUTHOR_PROFILE_ID, additionalProperties: false },
);
export type AuthorProfileJson = Static<typeof AuthorProfileSchema>;

export const authorProfileResponse = (description: string) =>
  Type.Unsafe<AuthorProfileJson>({ ...Type.Ref(AUTHOR_PROFILE_ID), description });

export function toAuthorProfileJson(profile: AuthorProfile): AuthorProfileJson {
  return {
    id: profile.id,
    username: profile.username,
    display_name: profile.displayName,
    avatar_url: profile.avatarUrl,
    bio: profile.bio,
    created_at: profile.createdAt.toISOString(),
    story_count: profile.storyCount,
    subscriber_count: profile.subscriberCount,
    viewer_subscription_id: profile.viewerSubscriptionId,
    is_viewer: profile.isViewer,
  };
}

export const SubscriptionSchema = Type.Object(
  {
    id: Type.String({ description: "The subscription's id (DELETE /subscriptions/{id})." }),
    subscriber_id: Type.String({ description: "Who follows." }),
    author_id: Type.String({ description: "Who is followed." }),
    created_at: Type.String({ format: "date-time" }),
    author: authorProfileResponse("The followed author, counts as they are now."),
  },
  { additionalProperties: false },
);
export type SubscriptionJson = Static<typeof SubscriptionSchema>;

export function toSubscriptionJson(
  subscription: SubscriptionRecord,
  author: AuthorProfile,
): SubscriptionJson {
  return {
    id: subscription.id,
    subscriber_id: subscription.subscriberId,
    author_id: subscription.authorId,
    created_at: subscription.createdAt.toISOString(),
    author: toAuthorProfileJson(author),
  };
}

export const toFollowedAuthorJson = ({ subscription, author }: FollowedAuthor) =>
  toSubscriptionJson(subscription, author);

/** A page of GET /subscriptions/my. */
export const toSubscriptionPageJson = (page: KeysetPage<SubscriptionWithAuthor>) => ({
  items: page.rows.map((row) => toSubscriptionJson(row, row.author)),
  next_cursor: page.nextCursor,
});

export const SubscriberSchema = Type.Object(
  {
    subscription_id: Type.String(),
    subscribed_at: Type.String({ format: "date-time" }),
    id: Type.String({ description: "The subscriber's user id." }),
    username: Type.String(),
    display_name: nullableString("The subscriber's display name."),
    avatar_url: nullableString("The subscriber's picture."),
  },
  { additionalProperties: false },
);

export function toSubscriberJson(subscriber: Subscriber): Static<typeof SubscriberSchema> {
  return {
    subscription_id: subscriber.subscriptionId,
    subscribed_at: subscriber.createdAt.toISOString(),
    id: subscriber.id,
    username: subscriber.username,
    display_name: subscriber.displayName,
    avatar_url: subscriber.avatarUrl,
  };
}

/** A page of GET /subscriptions/users/{id}/subscribers. */
export const toSubscriberPageJson = (page: KeysetPage<Subscriber>) => ({
  items: page.rows.map(toSubscriberJson),
  next_cursor: page.nextCursor,
});

/** What story cards and comments show of an author (GET /users). */
export const PublicProfileSchema = Type.Object(
  {
    id: Type.String(),
    username: Type.String(),
    avatar_url: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);

export const toPublicProfileJson = (
  profile: PublicProfile,
): Static<typeof PublicProfileSchema> => ({
  id: profile.id,
  username: profile.username,
  avatar_url: profile.avatarUrl,
});
