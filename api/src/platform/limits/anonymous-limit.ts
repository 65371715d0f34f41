import type { FastifyInstance } from "fastify";
import { TOO_MANY_REQUESTS, type RateLimiter } from "./rate-limits.js";
import { addressKey } from "../lib/client-address.js";
import type {} from "../http/request-user.js";
import { ANONYMOUS_TURNS_ROUTE } from "./limit-routes.js";
import { SOCKET_SLOT_ROUTES } from "./socket-slot-routes.js";

/**
 * Not counted: the load balancer's health checks, and the live channel, which signs its caller in
 * on the socket and closes on a visitor at once.
 */
const UNCOUNTED_ROUTES = new Set([
  "/v1/health",
  "/v1/health/ready",
  "/v1/health/live",
  "/v1/stories/:id/stream",
  // Counts its own turns, as many as its body says (limit-routes.ts).
  ANONYMOUS_TURNS_ROUTE,
  // A bff's slots for its open sockets (decision 050), capped by themselves.
  ...SOCKET_SLOT_ROUTES,
]);

/**
 * Requests without a signed-in user are limited per client address (ANONYMOUS_REQUESTS_PER_MINUTE;
 * docs/decisions/017): counted after the route's auth guard has said who is calling, before the
 * handler does the work. The address is Fastify's request.ip, which believes X-Forwarded-For only
 * from TRUSTED_PROXIES. Must be added before the routes.
 */
export function limitAnonymousRequests(app: FastifyInstance, limiter: RateLimiter): void {
  // Every request passes here: a callback, no promise of its own (decision 036).
  app.addHook("preHandler", (request, _reply, done) => {
    if (request.user !== null || UNCOUNTED_ROUTES.has(request.routeOptions.url ?? "")) {
      done();
      return;
    }
    limiter.takeTurn(addressKey(request.ip), TOO_MANY_REQUESTS).then(() => done(), done);
  });
}
