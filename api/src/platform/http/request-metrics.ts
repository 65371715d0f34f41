import { nameActiveSpan } from "@storyloom/common/tracing";
import type { FastifyInstance } from "fastify";
import type { ApiMetrics } from "../observability/api-metrics.js";

/** The route label of a request no route matched (a 404, or a refusal before routing). */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * Every answer counted and timed by method, route pattern and status, 429s as rate-limit refusals
 * (docs/decisions/046); the request's trace span named after its route (decision 047). Callback
 * hooks, no promise per request (decision 036).
 */
export function measureRequests(app: FastifyInstance, metrics: ApiMetrics): void {
  app.addHook("onRequest", (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (route !== undefined) {
      nameActiveSpan(`${request.method} ${route}`, { "http.route": route });
    }
    done();
  });
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = reply.statusCode;
    metrics.http.observe(request.method, route, status, reply.elapsedTime / 1000);
    if (status === 429) metrics.rateLimitRefusals.inc({ route });
    done();
  });
}
