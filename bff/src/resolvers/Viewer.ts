import type { ViewerResolvers, Role } from "../__generated__/resolvers-types.js";
import { globalId } from "./global-id.js";

const roles: Record<string, Role> = { admin: "ADMIN", moderator: "MODERATOR" };

export const Viewer: ViewerResolvers = {
  id: (profile) => globalId("User", profile.id),
  userId: (profile) => profile.id,
  username: (profile) => profile.username,
  email: (profile) => profile.email ?? null,
  displayName: (profile) => profile.display_name ?? null,
  avatarUrl: (profile) => profile.avatar_url ?? null,
  bio: (profile) => profile.bio ?? null,
  isPremium: (profile) => profile.is_premium,
  roles: (profile) => profile.roles.flatMap((role) => (roles[role] ? [roles[role]] : [])),
  ageVerifiedAt: (profile) => profile.age_verified_at ?? null,
  termsAcceptedAt: (profile) => profile.tos_accepted_at ?? null,
  privacyPolicyAcceptedAt: (profile) => profile.privacy_policy_accepted_at ?? null,
  createdAt: (profile) => profile.created_at,
};
