import type { ViewerResolvers } from "../__generated__/resolvers-types.js";
import { globalId } from "./global-id.js";

export const Viewer: ViewerResolvers = {
  id: (profile) => globalId("User", profile.id),
  userId: (profile) => profile.id,
  displayName: (profile) => profile.display_name,
  avatarUrl: (profile) => profile.avatar_url,
  isPremium: (profile) => profile.is_premium,
  ageVerifiedAt: (profile) => profile.age_verified_at,
  termsAcceptedAt: (profile) => profile.tos_accepted_at,
  privacyPolicyAcceptedAt: (profile) => profile.privacy_policy_accepted_at,
  createdAt: (profile) => profile.created_at,
};
