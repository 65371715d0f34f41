// Readiness of a bff replica for the load balancer (docs/decisions/027-replicas-behind-haproxy.md):
// 200 until the replica starts draining, then 503. It does not ask the api: every bff reaches the
// same api tier, so a check of it would take every bff out at once and turn a slow api into the
// balancer's own 503 for the whole site, pages and assets included.
import express, { type RequestHandler, type Router } from "express";

/** The close code graphql-ws clients retry on: a replica shutting down (RFC 6455 §7.4.1, IANA). */
export const SERVICE_RESTART = 1012;

/** GET /healthz (the process answers) and GET /readyz (it takes traffic until it drains). */
export function healthRoutes(draining: () => boolean): Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", readiness(draining));
  return router;
}

export function readiness(draining: () => boolean): RequestHandler {
  return (_req, res) => {
    res.setHeader("cache-control", "no-store");
    if (draining()) {
      res.status(503).json({ status: "unavailable", detail: "This replica is shutting down." });
      return;
    }
    res.json({ status: "ok" });
  };
}
