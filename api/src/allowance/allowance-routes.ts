import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import type { AiAllowance } from "./ai-allowance.js";
import type { AllowanceView } from "./allowance-rules.js";

export const AllowanceResponse = Type.Object(
  {
    limit: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description:
        "AI runs a day (generations, regenerations, rewrites, continuations); null: no limit.",
    }),
    used: Type.Integer({ minimum: 0, description: "Runs counted today (UTC)." }),
    remaining: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: "Runs left today; null: no limit.",
    }),
    resets_at: Type.String({
      format: "date-time",
      description: "The next UTC midnight, when the count starts again.",
    }),
  },
  { additionalProperties: false },
);

export function toAllowanceJson(view: AllowanceView) {
  return {
    limit: view.limit,
    used: view.used,
    remaining: view.remaining,
    resets_at: view.resetsAt.toISOString(),
  };
}

/** GET /me/allowance: the caller's AI daily allowance (docs/decisions/070-ai-daily-allowance.md). */
export const allowanceRoutes: FastifyPluginAsyncTypebox<{
  guards: AuthGuards;
  allowance: AiAllowance;
}> = async (app, { guards, allowance }) => {
  app.get(
    "/me/allowance",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "getMyAiAllowance",
        summary: "The caller's AI runs today: how many a day, used, left, and when they renew.",
        description:
          "Each story start, regeneration, rewrite and continuation counts one run; past the allowance those answer 429 AI_ALLOWANCE_USED_UP with Retry-After (seconds to the next UTC midnight).",
        tags: ["people"],
        security: bearerSecurity,
        response: { 200: AllowanceResponse, ...errorResponses(401) },
      },
    },
    async (request) => toAllowanceJson(await allowance.today(signedInUser(request))),
  );
};
