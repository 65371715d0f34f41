import { readDay, readerKey } from "../community/reader-key-rules.js";
import { addressKey } from "../platform/lib/client-address.js";

// Who sees an ad or clicks a link, without a cookie and without keeping an address
// (docs/decisions/053-ad-counts-per-address-with-caps.md): a signed-in viewer by their id, a
// visitor by their address alone (an IPv6 address by its /64, as the per-address limits key it),
// hashed with the server's READ_HASH_SECRET and the day, so the key of one day says nothing about
// the next. The User-Agent is no part of it: changing it each time made every click count (the
// probe of issue 27).

/** A signed-in viewer, or a visitor by their address. */
export type AdViewer = { userId: string } | { ip: string };

/** The viewer's key on the day of `at`: a sha256 hex that changes at midnight UTC. */
export function adViewerKey(secret: string, viewer: AdViewer, at: Date): string {
  const reader =
    "userId" in viewer ? { userId: viewer.userId } : { address: `ads:${addressKey(viewer.ip)}` };
  return readerKey(secret, reader, readDay(at));
}
