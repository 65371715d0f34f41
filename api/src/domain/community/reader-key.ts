import { createHash } from "node:crypto";

// Reads are counted once per reader per story per day (docs/decisions/009-trending-and-reads.md)
// without keeping who read: the key is a hash mixed with a server secret and the day, so the same
// reader on another day, or under another secret, is a different key, and no address is stored.

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
