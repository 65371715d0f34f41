import { HOME_SECTION_CARDS } from "@storyloom/common";
import type { AuthorProfileResolvers } from "../../__generated__/resolvers-types.js";
import { storyConnection } from "../story-lists.js";
import { unwrap } from "../errors.js";
import { globalId } from "../global-id.js";

/** A person's public profile (docs/product.md#author-profiles-and-subscriptions). */
export const AuthorProfile: AuthorProfileResolvers = {
  id: (profile) => globalId("User", profile.id),
  userId: (profile) => profile.id,
  displayName: (profile) => profile.display_name,
  avatarUrl: (profile) => profile.avatar_url,
  joinedAt: (profile) => profile.created_at,
  storyCount: (profile) => profile.story_count,
  subscriberCount: (profile) => profile.subscriber_count,
  viewerIsSubscribed: (profile) => profile.viewer_subscription_id !== null,
  viewerSubscriptionId: (profile) =>
    profile.viewer_subscription_id === null
      ? null
      : globalId("Subscription", profile.viewer_subscription_id),
  viewerIsSelf: (profile) => profile.is_viewer,
  // One api call a page; the cards' authors are this person, named on each card.
  stories: (profile, { first, after }, { rest }) =>
    storyConnection(first, after, HOME_SECTION_CARDS, (page) =>
      unwrap(
        rest.GET("/v1/users/by-username/{username}/stories", {
          params: { path: { username: profile.username }, query: page },
        }),
      ),
    ),
};
