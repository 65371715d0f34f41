import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { Database } from "../platform/db/database.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import type { UsersQueries } from "./users-queries.js";
import type { IdentityProvider } from "../platform/identity/identity-provider.js";
import { signedInUser, type AuthGuards } from "./auth-guards.js";
import { deleteMyAccount, updateMyProfile } from "./my-account.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { toUserProfileJson, userProfileResponse } from "./profile-schemas.js";
import { profileChanges, UpdateProfileBody } from "./update-profile-schemas.js";

export interface AccountRoutesOptions {
  db: Database;
  /** The bucket of pictures (decision 028): a deleted account's go with it. */
  media: MediaStore | null;
  guards: AuthGuards;
  users: UsersQueries;
  identity: IdentityProvider;
}

/** The /auth routes: the signed-in person's own profile and account. */
export const accountRoutes: FastifyPluginAsyncTypebox<AccountRoutesOptions> = async (
  app,
  options,
) => {
  const { db, media, guards, users, identity } = options;

  app.get(
    "/auth/me",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "getMyProfile",
        summary: "The caller's profile, created on the first call of a new user.",
        tags: ["auth"],
        security: bearerSecurity,
        response: { 200: userProfileResponse("The caller's profile."), ...errorResponses(401) },
      },
    },
    async (request) => toUserProfileJson(signedInUser(request)),
  );

  app.patch(
    "/auth/update-profile",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "updateMyProfile",
        summary: "Changes the given profile fields; omitted fields stay as they are.",
        tags: ["auth"],
        security: bearerSecurity,
        body: UpdateProfileBody,
        response: {
          200: userProfileResponse("The profile after the change."),
          ...errorResponses(400, 401, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request) => {
      const changes = profileChanges(request.body);
      return toUserProfileJson(await updateMyProfile(users, signedInUser(request), changes));
    },
  );

  app.delete(
    "/auth/delete-account",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "deleteMyAccount",
        summary: "Deletes the caller's profile, everything they own, and their sign-in account.",
        tags: ["auth"],
        security: bearerSecurity,
        response: { 204: Type.Null({ description: "Deleted." }), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await deleteMyAccount({ db, users, identity, media }, signedInUser(request), request.log);
      return reply.status(204).send(null);
    },
  );
};
