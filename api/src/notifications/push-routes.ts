import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { API_ID_PATTERN } from "@storyloom/common";
import { Type } from "typebox";
import type { Database } from "../platform/db/database.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import {
  registerPushSubscription,
  removePushSubscription,
  type PushSettings,
} from "./push-subscriptions.js";

export interface PushRoutesOptions {
  db: Database;
  guards: AuthGuards;
  push: PushSettings;
}

const PushSubscriptionBody = Type.Object(
  {
    endpoint: Type.String({
      minLength: 1,
      maxLength: 2000,
      description: "The push service's address for this browser (PushSubscription.endpoint).",
    }),
    keys: Type.Object(
      {
        p256dh: Type.String({ minLength: 1, maxLength: 200, description: "base64url" }),
        auth: Type.String({ minLength: 1, maxLength: 100, description: "base64url" }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: "PushSubscription.toJSON() of the browser." },
);

/**
 * Web push (docs/decisions/063-web-push.md): the server's VAPID public key, and the caller's
 * browsers that show their notifications. Which kinds are pushed: the preferences' push channel.
 */
export const pushRoutes: FastifyPluginAsyncTypebox<PushRoutesOptions> = async (
  app,
  { db, guards, push },
) => {
  app.get(
    "/push/public-key",
    {
      schema: {
        tags: ["notifications"],
        operationId: "getPushPublicKey",
        summary: "The VAPID public key browsers subscribe with; null when push is off.",
        response: {
          200: Type.Object(
            {
              public_key: Type.Union([Type.String(), Type.Null()], {
                description: "applicationServerKey for PushManager.subscribe (base64url).",
              }),
            },
            { additionalProperties: false },
          ),
        },
      },
    },
    async () => ({ public_key: push.publicKey }),
  );

  app.post(
    "/me/push-subscriptions",
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ["notifications"],
        security: bearerSecurity,
        operationId: "registerMyPushSubscription",
        summary: "Registers the caller's browser for push notifications.",
        description:
          "The same endpoint again updates its keys; an endpoint another person registered on this browser before becomes the caller's. 503 when push is off.",
        body: PushSubscriptionBody,
        response: {
          200: Type.Object(
            { id: Type.String({ description: "Removes it: DELETE /me/push-subscriptions/{id}." }) },
            { additionalProperties: false },
          ),
          ...errorResponses(400, 401, 422, 503),
        },
      },
    },
    async (request) => registerPushSubscription(db, push, signedInUser(request), request.body),
  );

  app.delete(
    "/me/push-subscriptions/:id",
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ["notifications"],
        security: bearerSecurity,
        operationId: "removeMyPushSubscription",
        summary: "Stops push notifications to one of the caller's browsers.",
        params: Type.Object({ id: Type.String({ pattern: API_ID_PATTERN }) }),
        response: {
          200: Type.Object({ removed: Type.Literal(true) }, { additionalProperties: false }),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request) => {
      await removePushSubscription(db, signedInUser(request), request.params.id);
      return { removed: true as const };
    },
  );
};
