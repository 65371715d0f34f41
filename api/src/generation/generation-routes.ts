import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import type { AiAllowance } from "../allowance/ai-allowance.js";
import type { CommunityQueries } from "../community/community-queries.js";
import type { DiscoveryQueries } from "../discovery/discovery-queries.js";
import type { Database } from "../platform/db/database.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import type { RateLimiter } from "../platform/limits/rate-limits.js";
import { invalid, type Failure } from "../platform/lib/errors.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { describeValidationFailure } from "../platform/http/validation-failure.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import type { PictureLinks } from "../stories/picture-link-rules.js";
import type { StoriesQueries } from "../stories/stories-queries.js";
import { StartStoryBody, StartStoryResponse, toStartedStoryJson } from "./generation-schemas.js";
import { startStory } from "./start-story.js";
import { OUTLINE_REQUIRED, TITLE_REQUIRED } from "./story-request-rules.js";

export interface GenerationRoutesOptions {
  db: Database;
  stories: StoriesQueries;
  community: CommunityQueries;
  discovery: DiscoveryQueries;
  guards: AuthGuards;
  /** Signs illustrations' URLs for readers who may see them (stories/picture-link-rules.ts). */
  links: PictureLinks;
  /** The bucket of pictures (decision 028); null keeps them in the database. */
  media: MediaStore | null;
  /** Story starts per user, and per client address (platform/limits/rate-limits.ts). */
  startLimiters: { perUser: RateLimiter; perAddress: RateLimiter };
  /** The AI daily allowance a start counts against (decision 070). */
  allowance?: AiAllowance;
}

/** POST /stories/generate/start: a story begins (docs/decisions/008-story-generation-pipeline.md). */
export const generationRoutes: FastifyPluginAsyncTypebox<GenerationRoutesOptions> = async (
  app,
  options,
) => {
  const { db, stories, community, discovery, media, guards, links } = options;
  const deps = {
    db,
    stories,
    community,
    discovery,
    media,
    limiters: options.startLimiters,
    allowance: options.allowance,
  };

  app.post(
    "/stories/generate/start",
    {
      onRequest: guards.requireUser,
      // The generation form's own words for a missing title or outline, not the schema's.
      attachValidation: true,
      schema: {
        operationId: "startStoryGeneration",
        summary: "Starts writing a story: it begins generating; a worker writes it.",
        description:
          "At most 10 starts per 10 minutes per user, and STORY_STARTS_PER_ADDRESS per client address (429 with Retry-After). Each start counts against the AI daily allowance (429 AI_ALLOWANCE_USED_UP past it).",
        tags: ["stories"],
        security: bearerSecurity,
        body: StartStoryBody,
        response: {
          201: StartStoryResponse,
          ...errorResponses(400, 401, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (request.validationError) throw startBodyFailure(request.validationError);
      const view = await startStory(deps, user, request.body, request.ip);
      return reply.status(201).send(toStartedStoryJson(view, links));
    },
  );
};

type ValidationError = NonNullable<FastifyRequest["validationError"]>;

const REQUIRED_MESSAGES: Record<string, string> = {
  title: TITLE_REQUIRED,
  outline: OUTLINE_REQUIRED,
};

/** The form's own words when the title or outline is missing; the usual description otherwise. */
function startBodyFailure(error: ValidationError): Failure {
  const { field, detail } = describeValidationFailure(error.validation, "body", StartStoryBody);
  const missing = detail === `${field} is required.` ? REQUIRED_MESSAGES[field] : undefined;
  return invalid(field, missing ?? detail);
}
