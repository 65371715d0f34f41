import ipaddr from "ipaddr.js";

/**
 * An IPv4 address in the dotted decimal form sockets report (no leading zeros, each part ≤ 255):
 * already its own key, told without parsing it (every anonymous request asks; decision 036).
 */
const DOTTED_DECIMAL_IPV4 =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * The client a per-address limit or a read count is keyed on (docs/decisions/017): an IPv4
 * address as it is (an IPv4-mapped IPv6 address as its IPv4 one), an IPv6 address by its /64,
 * since one subscriber's network is a /64 and picking another address in it costs nothing.
 * Anything else (a Unix socket, a test's made-up name) is its own key.
 */
export function addressKey(ip: string): string {
  if (DOTTED_DECIMAL_IPV4.test(ip)) return ip;
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...network, 0, 0, 0, 0]).toString()}/64`;
}
