import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { sql } from "drizzle-orm";
import { Type } from "typebox";
import type { Database } from "../db/database.js";
import { unavailable } from "../lib/errors.js";
import { errorResponses } from "./error-schema.js";

export interface HealthRoutesOptions {
  db: Database;
}

/** For load balancers and start scripts: up means the database answers too. */
export const healthRoutes: FastifyPluginAsyncTypebox<HealthRoutesOptions> = async (
  app,
  options,
) => {
  app.get(
    "/health",
    {
      schema: {
        operationId: "getHealth",
        summary: "200 when the api and its database answer.",
        tags: ["health"],
        response: {
          200: Type.Object(
            { status: Type.Literal("ok") },
            { additionalProperties: false, description: "Up, database included." },
          ),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      try {
        await options.db.execute(sql`select 1`);
      } catch (error) {
        request.log.warn({ err: error }, "health check: the database did not answer");
        throw unavailable("The database is not answering.");
      }
      return { status: "ok" as const };
    },
  );
};
