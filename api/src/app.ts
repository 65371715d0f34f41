import {
  TypeBoxValidatorCompiler,
  registerAjvFormats,
  type TypeBoxTypeProvider,
} from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance } from "fastify";
import { nanoid } from "nanoid";
import type { Database } from "./db/database.js";
import { UsersRepository } from "./db/users-repository.js";
import { authRoutes } from "./http/auth-routes.js";
import { createAuthGuards } from "./http/auth-guards.js";
import { consentRoutes } from "./http/consent-routes.js";
import { installErrorHandling } from "./http/error-handler.js";
import { ApiErrorSchema } from "./http/error-schema.js";
import { healthRoutes } from "./http/health-routes.js";
import { registerOpenApi } from "./http/openapi.js";
import { UserProfileSchema } from "./http/profile-schema.js";
import type { IdentityProvider } from "./identity/identity-provider.js";
import { RequestLogController, type LoggerOptions } from "./logging.js";

/** JSON bodies are small here (profiles; later stories' inputs and comments of ≤1000 chars). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppDeps {
  db: Database;
  identity: IdentityProvider;
  /** pino options; false (the default) logs nothing, as tests and the OpenAPI dump want. */
  logger?: LoggerOptions | false;
}

/**
 * The whole HTTP api without a listening socket: main listens, tests inject requests, and the
 * OpenAPI dump reads the document, each with the database and identity provider it chooses.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new RequestLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Request ids are ours: unique across replicas, never taken from a client header.
    genReqId: () => nanoid(12),
    requestIdHeader: false,
    // spec §7 writes some paths with a trailing slash (PATCH /stories/{id}/).
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // TypeBox validates exactly what the schemas declare: bodies are never coerced (a number is not
  // a username), while query strings and path parameters are converted to the declared types.
  registerAjvFormats();
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  acceptJsonBodiesOnly(app);
  installErrorHandling(app, BODY_LIMIT_BYTES);
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  app.addSchema(ApiErrorSchema);
  app.addSchema(UserProfileSchema);
  await registerOpenApi(app);

  const users = new UsersRepository(deps.db);
  const guards = createAuthGuards(deps.identity, users);
  await app.register(healthRoutes, { prefix: "/v1", db: deps.db });
  await app.register(authRoutes, { prefix: "/v1", guards, users, identity: deps.identity });
  await app.register(consentRoutes, { prefix: "/v1", guards, users });
  return app;
}

/**
 * JSON in (architecture §3), nothing else: other content types get 415. spec §7 calls the consent
 * endpoints with empty bodies, which clients often still label `application/json`: an empty JSON
 * body reads as no body instead of a 400.
 */
function acceptJsonBodiesOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
