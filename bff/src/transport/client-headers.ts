// Who the bff's caller is, told to the api on every call made for them, so the api's per-address
// limits and its logs see the real client (docs/decisions/017-shared-and-per-address-limits.md).
import type http from "node:http";
import type { ClientHeaders } from "../upstream/rest-client.js";

/**
 * As a proxy does: the caller's X-Forwarded-For with the caller's own address appended, and its
 * browser; the api believes them only from its trusted proxies (TRUSTED_PROXIES).
 */
export function clientHeaders(req: http.IncomingMessage): ClientHeaders {
  const address = req.socket.remoteAddress;
  const earlier = req.headers["x-forwarded-for"];
  const chain = [...(Array.isArray(earlier) ? earlier : earlier ? [earlier] : []), address]
    .filter(Boolean)
    .join(", ");
  const userAgent = req.headers["user-agent"];
  return {
    ...(chain ? { "x-forwarded-for": chain } : {}),
    ...(userAgent ? { "user-agent": userAgent } : {}),
  };
}
