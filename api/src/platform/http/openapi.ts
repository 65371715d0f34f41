import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";

export const OPENAPI_PATH = "/v1/openapi.json";

/** The `security` of a route that takes the Firebase ID token. */
export const bearerSecurity = [{ bearerAuth: [] }];

/**
 * Route schemas are the single definition of the REST contract: this turns them into the OpenAPI
 * 3.1 document the BFF generates its client types from. Must be registered before the routes,
 * which it collects as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Storyloom API",
        version: "1.0.0",
        description:
          "The v1 REST API. Errors are {detail, code, field?}; timestamps are ISO 8601 strings. " +
          "No string of a request (path, query or body) may hold a control character other than " +
          "tab, line feed and carriage return, or an unpaired surrogate: 422 VALIDATION_FAILED " +
          "naming the field.",
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "Firebase ID token",
          },
        },
      },
    },
    // Shared schemas (ApiError, UserProfile) keep their names as components.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`),
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
