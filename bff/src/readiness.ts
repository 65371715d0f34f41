// Readiness of a bff replica for the load balancer (docs/decisions/027-replicas-behind-haproxy.md):
// 200 while it is not draining and the api answers ready through API_URL; else 503 with the reason.
import type { RequestHandler } from "express";

/** The close code graphql-ws clients retry on: a replica shutting down (RFC 6455 §7.4.1, IANA). */
export const SERVICE_RESTART = 1012;

const API_CHECK_TIMEOUT_MS = 2000;

export function readiness(apiUrl: string, draining: () => boolean): RequestHandler {
  const unready = (res: Parameters<RequestHandler>[1], detail: string) => {
    res.setHeader("cache-control", "no-store");
    res.status(503).json({ status: "unavailable", detail });
  };
  return async (_req, res) => {
    if (draining()) return unready(res, "This replica is shutting down.");
    let answered = false;
    try {
      const response = await fetch(`${apiUrl}/v1/health/ready`, {
        signal: AbortSignal.timeout(API_CHECK_TIMEOUT_MS),
      });
      await response.body?.cancel();
      answered = response.ok;
    } catch {
      answered = false;
    }
    if (!answered) return unready(res, "The api is not ready.");
    res.setHeader("cache-control", "no-store");
    res.json({ status: "ok" });
  };
}
