// Every answer the visitor cache serves without the api still takes a turn of the api's
// per-address limit, for the caller's own address (../visitor-turns.ts; docs/decisions/037).
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Response } from "express";
import ipaddr from "ipaddr.js";
import type { ClientHeaders } from "../../upstream/rest-client.js";

/** The api's words for a visitor past the per-address limit (docs/product.md#limits). */
export const TOO_MANY_REQUESTS = "Too many requests. Please wait a minute and try again.";

/** The address a per-address count is keyed on, as the api keys it (docs/decisions/017). */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...network, 0, 0, 0, 0]).toString()}/64`;
}

/** How a request's turn names its caller to the api. */
export interface TurnTaker {
  /** The headers the bff's api calls carry for `req` (X-Forwarded-For, User-Agent). */
  clientHeaders(req: IncomingMessage): ClientHeaders;
}

/** A caller as its turns are taken: its address as the api keys it, and the headers naming it. */
export interface Caller {
  key: string;
  client: ClientHeaders;
}

/**
 * The caller of a connection's latest request, made again only when the connection's
 * X-Forwarded-For or User-Agent changes (a browser's keep-alive connection sends the same ones
 * every time). `clientIp`: the caller's address, as express's req.ip gives it.
 */
export function connectionCallers(
  clientIp: (req: IncomingMessage) => string | undefined,
  taker: TurnTaker,
): (req: IncomingMessage) => Caller {
  const callers = new WeakMap<
    Socket,
    Caller & { forwardedFor: string | string[] | undefined; userAgent: string | undefined }
  >();
  return (req) => {
    const forwardedFor = req.headers["x-forwarded-for"];
    const userAgent = req.headers["user-agent"];
    const known = callers.get(req.socket);
    if (known && known.forwardedFor === forwardedFor && known.userAgent === userAgent) {
      return known;
    }
    const caller = {
      forwardedFor,
      userAgent,
      key: addressKey(clientIp(req) ?? ""),
      client: taker.clientHeaders(req),
    };
    callers.set(req.socket, caller);
    return caller;
  };
}

/** The refusal of a visitor past the api's per-address limit, as the api's own would read. */
export function refuse(res: Response, retryAfter: number): void {
  res.setHeader("retry-after", String(retryAfter));
  res.status(200).json({
    errors: [
      {
        message: TOO_MANY_REQUESTS,
        extensions: {
          code: "RATE_LIMITED",
          status: 429,
          reason: "RATE_LIMITED",
          retryAfter: String(retryAfter),
        },
      },
    ],
  });
}
