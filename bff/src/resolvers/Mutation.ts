import type { MutationResolvers } from "../__generated__/resolvers-types.js";
import { unwrap } from "../upstream/rest-client.js";

export const Mutation: MutationResolvers = {
  updateProfile: async (_parent, { input }, { rest }) => {
    // Only the fields the caller set travel; null clears an optional field.
    const body = Object.fromEntries(
      Object.entries({
        username: input.username,
        display_name: input.displayName,
        avatar_url: input.avatarUrl,
        bio: input.bio,
      }).filter(([, value]) => value !== undefined),
    );
    return unwrap(rest.PATCH("/v1/auth/update-profile", { body }));
  },
  deleteAccount: async (_parent, _args, { rest }) => {
    await unwrap(rest.DELETE("/v1/auth/delete-account"));
    return { deleted: true };
  },
  verifyAge: (_parent, _args, { rest }) => unwrap(rest.POST("/v1/auth/age-verification")),
  acceptTerms: (_parent, _args, { rest }) => unwrap(rest.POST("/v1/auth/accept-tos")),
  acceptPrivacyPolicy: (_parent, _args, { rest }) =>
    unwrap(rest.POST("/v1/auth/accept-privacy-policy")),
};
