import { createHash } from "node:crypto";

// Reads are counted once per reader per story per day (docs/decisions/009-trending-and-reads.md)
// without keeping who read: the key is a hash mixed with a server secret and the day, so the same
// reader on another day, or under another secret, is a different key, and no address is stored.

/**
 * A signed-in reader, or a visitor by their address alone (platform/lib/client-address.ts: an
 * IPv6 address by its /64): a visitor who changes browser or User-Agent is still one reader.
 */
export type Reader = { userId: string } | { address: string };

/** The UTC day of `at` as YYYY-MM-DD, the read_on column. */
export function readDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** sha256 hex of the secret, who reads (a user id, or an address) and the day. */
export function readerKey(secret: string, reader: Reader, day: string): string {
  const who = "userId" in reader ? `user:${reader.userId}` : `visitor:${reader.address}`;
  return createHash("sha256").update(`${secret}\n${who}\n${day}`).digest("hex");
}
