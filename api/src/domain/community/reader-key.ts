import { createHash, randomBytes } from "node:crypto";

// Reads are counted once per reader per story per day (docs/decisions/009-trending-and-reads.md)
// without keeping who read: the key is a hash mixed with a server secret and the day, so the same
// reader on another day, or under another secret, is a different key, and no address is stored.

/** A secret for this process when READ_HASH_SECRET is unset: keys only need to agree for a day. */
export function readHashSecret(env: Readonly<Record<string, string | undefined>>): string {
  const configured = env.READ_HASH_SECRET?.trim();
  return configured ? configured : randomBytes(32).toString("hex");
}

export type Reader = { userId: string } | { ip: string; userAgent: string };

/** The UTC day of `at` as YYYY-MM-DD, the read_on column. */
export function readDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** sha256 hex of the secret, who reads (a user id, or address and browser) and the day. */
export function readerKey(secret: string, reader: Reader, day: string): string {
  const who =
    "userId" in reader ? `user:${reader.userId}` : `visitor:${reader.ip}|${reader.userAgent}`;
  return createHash("sha256").update(`${secret}\n${who}\n${day}`).digest("hex");
}

/**
 * Fastify's trustProxy: the addresses whose X-Forwarded-For names the client (TRUSTED_PROXIES,
 * comma-separated addresses or CIDR ranges; default loopback, where `npm start` runs the bff).
 */
export function trustedProxies(env: Readonly<Record<string, string | undefined>>): string {
  const configured = env.TRUSTED_PROXIES?.trim();
  return configured ? configured : "loopback";
}
