import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import { Type } from "typebox";
import type { Database } from "../db/database.js";
import { DATABASE_DOWN, DATABASE_RETRY_AFTER_SECONDS, unavailable } from "../lib/errors.js";
import { errorResponses } from "./error-schema.js";

export interface HealthRoutesOptions {
  db: Database;
  /** True once the process has been told to stop (SIGTERM): readiness then fails (docs/scaling.md). */
  draining?: () => boolean;
}

const Ok = (description: string) =>
  Type.Object({ status: Type.Literal("ok") }, { additionalProperties: false, description });

/**
 * For load balancers and start scripts. Liveness (`/health/live`) says only that the process
 * answers; readiness (`/health/ready`, and `/health` as it always was) says it should be sent
 * work: the database answers and the process is not draining
 * (docs/decisions/027-replicas-behind-haproxy.md).
 */
export const healthRoutes: FastifyPluginAsyncTypebox<HealthRoutesOptions> = async (
  app,
  options,
) => {
  const draining = options.draining ?? (() => false);
  const ready = async (log: FastifyBaseLogger) => {
    if (draining()) throw unavailable("This replica is shutting down.");
    try {
      await options.db.execute(sql`select 1`);
    } catch (error) {
      log.warn({ err: error }, "health check: the database did not answer");
      throw unavailable(DATABASE_DOWN, DATABASE_RETRY_AFTER_SECONDS);
    }
    return { status: "ok" as const };
  };
  app.get(
    "/health",
    {
      schema: {
        operationId: "getHealth",
        summary: "200 when the api and its database answer (the same as /health/ready).",
        tags: ["health"],
        response: { 200: Ok("Up, database included."), ...errorResponses() },
      },
    },
    async (request) => ready(request.log),
  );
  app.get(
    "/health/ready",
    {
      schema: {
        operationId: "getReadiness",
        summary:
          "Readiness: 200 when this replica should get work, 503 while its database does not answer or it is shutting down.",
        tags: ["health"],
        response: { 200: Ok("Ready: the database answers, not draining."), ...errorResponses() },
      },
    },
    async (request) => ready(request.log),
  );
  app.get(
    "/health/live",
    {
      schema: {
        operationId: "getLiveness",
        summary: "Liveness: 200 while the process answers at all, database or not.",
        tags: ["health"],
        response: { 200: Ok("The process answers."), ...errorResponses() },
      },
    },
    async () => ({ status: "ok" as const }),
  );
};
