import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { Database } from "../platform/db/database.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import { objectKeysOfUser } from "../stories/story-pictures.js";
import { UsernameTakenError, type UsersQueries } from "./users-queries.js";
import {
  IdentityUnavailableError,
  type IdentityProvider,
} from "../platform/identity/identity-provider.js";
import { conflict, unavailable } from "../platform/lib/errors.js";
import { profileGone, signedInUser, type AuthGuards } from "./auth-guards.js";
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
  const { guards, users, identity } = options;

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
      const user = signedInUser(request);
      const changes = profileChanges(request.body);
      if (Object.keys(changes).length === 0) return toUserProfileJson(user);
      try {
        const updated = await users.updateProfile(user.id, changes);
        if (updated === null) throw profileGone();
        return toUserProfileJson(updated);
      } catch (error) {
        if (error instanceof UsernameTakenError) {
          throw conflict("USERNAME_TAKEN", "That username is taken.", { field: "username" });
        }
        throw error;
      }
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
      const user = signedInUser(request);
      // Our data first: if the identity provider then fails, a retry finds (re-creates) an empty
      // profile and finishes the job, rather than leaving data of a person who cannot sign in.
      // Pictures in object storage (decision 028): the public copies go first, or nothing does;
      // the rest after the rows (a failure there leaves objects no URL names, logged by key).
      const objects = await objectKeysOfUser(options.db, options.media, user.id);
      await options.media?.remove(objects.public).catch((error: unknown) => {
        request.log.warn({ err: error }, "deleting an account's public pictures failed");
        throw unavailable("Your account could not be deleted just now. Please try again.");
      });
      await users.delete(user.id);
      await options.media?.remove(objects.stored).catch((error: unknown) => {
        request.log.warn(
          { err: error, keys: objects.stored },
          "deleting an account's pictures failed",
        );
      });
      try {
        await identity.deleteUser(user.firebaseUid);
      } catch (error) {
        if (error instanceof IdentityUnavailableError) {
          request.log.warn({ err: error.cause ?? error }, "deleting the Firebase user failed");
          throw unavailable(
            "Your data was deleted, but your sign-in account could not be removed. Please try again.",
          );
        }
        throw error;
      }
      return reply.status(204).send(null);
    },
  );
};
