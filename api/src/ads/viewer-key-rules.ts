import ipaddr from "ipaddr.js";
import { readDay, readerKey } from "../community/reader-key-rules.js";

// Who sees an ad or clicks a link, without a cookie and without keeping an address
// (docs/decisions/032-house-ads-and-affiliate-links.md): a signed-in viewer by their id, a
// visitor by their network (an IPv4 /16, an IPv6 /48) and User-Agent, hashed with the server's
// READ_HASH_SECRET and the day, so the key of one day says nothing about the next.

/** A signed-in viewer, or a visitor by their address and User-Agent. */
export type AdViewer = { userId: string } | { ip: string; userAgent: string };

/** The visitor's network: an IPv4 address's /16, an IPv6 address's /48; anything else as it is. */
export function visitorNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") {
    const [a, b] = (address as ipaddr.IPv4).octets;
    return `${a}.${b}.0.0/16`;
  }
  const [a, b, c] = (address as ipaddr.IPv6).parts;
  return `${new ipaddr.IPv6([a!, b!, c!, 0, 0, 0, 0, 0]).toString()}/48`;
}

/** The viewer's key on the day of `at`: a sha256 hex that changes at midnight UTC. */
export function adViewerKey(secret: string, viewer: AdViewer, at: Date): string {
  const reader =
    "userId" in viewer
      ? { userId: viewer.userId }
      : { address: `ads:${visitorNetwork(viewer.ip)}\n${viewer.userAgent}` };
  return readerKey(secret, reader, readDay(at));
}
