import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { onRequestAsyncHookHandler } from "fastify";
import { Type } from "typebox";
import { TOO_MANY_REQUESTS, type RateLimiter } from "./rate-limits.js";
import { addressKey } from "../lib/client-address.js";
import type {} from "../http/request-user.js";
import { forbidden } from "../lib/errors.js";
import { errorResponses } from "../http/error-schema.js";

/**
 * The most turns one call counts: a bff sends at most one batch (1/100 of the limit, at most this)
 * per address at a time.
 */
export const MAX_TURNS_PER_CALL = 100;

/** Not counted again by the anonymous limit's hook: the route counts its own turns. */
export const ANONYMOUS_TURNS_ROUTE = "/v1/limits/anonymous-turns";

export const ONLY_VISITORS_COUNTED = "Only requests without a signed-in user are counted here.";

/** After this many seconds a bff asks again when the limit is off (0). */
const NO_LIMIT_RECHECK_SECONDS = 60;

export interface LimitRoutesOptions {
  /** The app's auth guards (people/auth-guards.ts): the one hook this route runs, named here. */
  guards: { optionalUser: onRequestAsyncHookHandler };
  anonymousRequests: RateLimiter;
}

const TurnsBody = Type.Object(
  {
    turns: Type.Integer({
      minimum: 1,
      maximum: MAX_TURNS_PER_CALL,
      description: "Requests the caller's address made that did not reach the api.",
    }),
  },
  { additionalProperties: false },
);

const TurnsLeftJson = Type.Object(
  {
    limit: Type.Integer({
      minimum: 0,
      description: "ANONYMOUS_REQUESTS_PER_MINUTE of the api (0: no limit).",
    }),
    remaining: Type.Integer({ minimum: 0, description: "Turns left in the address's window." }),
    resetSeconds: Type.Integer({
      minimum: 1,
      description: "Seconds until the address's window ends (with no limit: when to ask again).",
    }),
  },
  { additionalProperties: false, description: "Within the limit: the turns were counted." },
);

/**
 * POST /limits/anonymous-turns: a bff answering visitors' reads from its own cache counts them
 * against the caller's per-address limit (ANONYMOUS_REQUESTS_PER_MINUTE), shared by every api
 * replica (docs/decisions/037-bff-visitor-cache.md, 017). The address is request.ip as for every
 * request (X-Forwarded-For from TRUSTED_PROXIES only), so a caller spends its own turns only.
 */
export const limitRoutes: FastifyPluginAsyncTypebox<LimitRoutesOptions> = async (
  app,
  { guards, anonymousRequests },
) => {
  app.post(
    "/limits/anonymous-turns",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "takeAnonymousTurns",
        summary: "Counts turns of the caller's address against the per-address limit.",
        description:
          "For the bff's visitor cache: counts `turns` requests of the caller's own address (as the api determines it for every request) in ANONYMOUS_REQUESTS_PER_MINUTE. 429 with Retry-After once the address is over its limit; 403 for a signed-in caller.",
        tags: ["limits"],
        body: TurnsBody,
        response: { 200: TurnsLeftJson, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => {
      if (request.user !== null) throw forbidden(ONLY_VISITORS_COUNTED);
      const left = await anonymousRequests.takeTurns(
        addressKey(request.ip),
        request.body.turns,
        TOO_MANY_REQUESTS,
      );
      return left ?? { limit: 0, remaining: 0, resetSeconds: NO_LIMIT_RECHECK_SECONDS };
    },
  );
};
