import { registerAjvFormats, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import http from "node:http";
import { tracedRequests, tracerOf, tracingOn } from "@storyloom/common/tracing";
import Fastify from "fastify";
import { nanoid } from "nanoid";
import type { ApiConfig } from "./config/api-config.js";
import { CommentSchema } from "./comments/comment-schemas.js";
import { ApiErrorSchema, documentRequestErrors } from "./platform/http/error-schema.js";
import { acceptJsonBodiesOnly } from "./platform/http/json-bodies.js";
import { registerOpenApi } from "./platform/http/openapi.js";
import { UserProfileSchema } from "./people/profile-schemas.js";
import { refusingForbiddenCharacters } from "./platform/http/request-text.js";
import { typeBoxValidatorCompiler } from "./platform/http/schema-validator.js";
import { StoryDetailSchema } from "./stories/story-schemas.js";
import { AuthorProfileSchema } from "./people/people-schemas.js";
import {
  answerFrameworkError,
  installErrorHandling,
  MAX_PATH_PARAMETER_LENGTH,
} from "./platform/http/error-handler.js";
import { RequestLogController, type LoggerOptions } from "./logging.js";

/** JSON bodies are small here (profiles; later stories' inputs and comments of ≤1000 chars). */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Fastify with the api's edge: request ids, validation, JSON bodies, the error shape, the headers
 * of every answer and the OpenAPI document (the routes registered next document themselves).
 */
export async function createServer(deps: {
  logger?: LoggerOptions | false;
  settings: Pick<ApiConfig, "trustProxy">;
}) {
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new RequestLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Request ids are ours: unique across replicas, never taken from a client header.
    genReqId: () => nanoid(12),
    requestIdHeader: false,
    // Some clients write paths with a trailing slash (PATCH /stories/{id}/).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    // The router's refusals (bad %-escapes, over-long parameters) in the api's error shape.
    frameworkErrors: answerFrameworkError,
    // Reads are counted per visitor address (docs/decisions/017): the bff's X-Forwarded-For is
    // believed only when it comes from a configured proxy.
    trustProxy: deps.settings.trustProxy,
    // Each request in a span continuing the caller's trace, when tracing is on (decision 047).
    ...(tracingOn() && {
      serverFactory: (handler: http.RequestListener) =>
        http.createServer(tracedRequests(tracerOf("storyloom-api"), handler)),
    }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // TypeBox validates exactly what the schemas declare: bodies are never coerced (a number is not
  // a username), while query strings and path parameters are converted to the declared types.
  // No string of any request may hold a control character (docs/decisions/015). The conversion is
  // planned per route, not walked on every request (platform/http/schema-validator.ts,
  // decision 036).
  registerAjvFormats();
  app.setValidatorCompiler(refusingForbiddenCharacters(typeBoxValidatorCompiler));
  acceptJsonBodiesOnly(app);
  installErrorHandling(app, BODY_LIMIT_BYTES);
  app.decorateRequest("user", null);
  // Hooks every request runs take a callback: no promise each (decision 036).
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    // Every answer is JSON or a picture with its own type: never sniffed into something else.
    reply.header("x-content-type-options", "nosniff");
    done();
  });

  // Before the OpenAPI plugin collects the routes: each documents the edge's refusals too.
  app.addHook("onRoute", documentRequestErrors);
  app.addSchema(ApiErrorSchema);
  app.addSchema(UserProfileSchema);
  app.addSchema(AuthorProfileSchema);
  app.addSchema(StoryDetailSchema);
  app.addSchema(CommentSchema);
  await registerOpenApi(app);
  return app;
}
