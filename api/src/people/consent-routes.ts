import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { ConsentFlag, UsersQueries } from "./users-queries.js";
import { signedInUser, type AuthGuards } from "./auth-guards.js";
import { recordConsent } from "./my-account.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { toUserProfileJson, userProfileResponse } from "./profile-schemas.js";

export interface ConsentRoutesOptions {
  guards: AuthGuards;
  users: UsersQueries;
}

const CONSENTS: Array<{ path: string; flag: ConsentFlag; operationId: string; summary: string }> = [
  {
    path: "/auth/age-verification",
    flag: "ageVerifiedAt",
    operationId: "verifyMyAge",
    summary: "Records that the caller confirmed their age (age_verified_at, set once).",
  },
  {
    path: "/auth/accept-tos",
    flag: "tosAcceptedAt",
    operationId: "acceptTermsOfService",
    summary: "Records the caller's acceptance of the terms of service (tos_accepted_at, set once).",
  },
  {
    path: "/auth/accept-privacy-policy",
    flag: "privacyPolicyAcceptedAt",
    operationId: "acceptPrivacyPolicy",
    summary:
      "Records the caller's acceptance of the privacy policy (privacy_policy_accepted_at, set once).",
  },
];

/**
 * POST /auth/age-verification, /auth/accept-tos and /auth/accept-privacy-policy, with empty
 * bodies: the one-way flags for age verification, terms of service and privacy policy. The first
 * acceptance is the one on record: repeats change nothing.
 */
export const consentRoutes: FastifyPluginAsyncTypebox<ConsentRoutesOptions> = async (
  app,
  { guards, users },
) => {
  for (const { path, flag, operationId, summary } of CONSENTS) {
    app.post(
      path,
      {
        onRequest: guards.requireUser,
        schema: {
          operationId,
          summary,
          description: "Takes no body. Repeating the call keeps the first timestamp.",
          tags: ["auth"],
          security: bearerSecurity,
          response: {
            200: userProfileResponse("The profile with the timestamp set."),
            ...errorResponses(401, 404),
          },
        },
      },
      async (request) => {
        return toUserProfileJson(await recordConsent(users, signedInUser(request), flag));
      },
    );
  }
};
