import type { ViewerResolvers } from "../../__generated__/resolvers-types.js";
import { checkListSize } from "../story-lists.js";
import { pageConnection } from "../pagination.js";
import { unwrap } from "../errors.js";
import { LIST_MAX_SIZE } from "@storyloom/common";
import { globalId } from "../global-id.js";

export const Viewer: ViewerResolvers = {
  id: (profile) => globalId("User", profile.id),
  userId: (profile) => profile.id,
  displayName: (profile) => profile.display_name,
  avatarUrl: (profile) => profile.avatar_url,
  isPremium: (profile) => profile.is_premium,
  premiumUntil: (profile) => profile.premium_until,
  ageVerifiedAt: (profile) => profile.age_verified_at,
  termsAcceptedAt: (profile) => profile.tos_accepted_at,
  privacyPolicyAcceptedAt: (profile) => profile.privacy_policy_accepted_at,
  createdAt: (profile) => profile.created_at,
  readerFont: (profile) => profile.reader_font,
  // The followed authors, one api call a page.
  subscriptions: async (_profile, { first, after }, { rest }) => {
    const connection = await pageConnection(
      checkListSize(first, 20),
      after,
      LIST_MAX_SIZE,
      (page) => unwrap(rest.GET("/v1/subscriptions/my", { params: { query: page } })),
    );
    return {
      ...connection,
      edges: connection.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.author })),
    };
  },
};
