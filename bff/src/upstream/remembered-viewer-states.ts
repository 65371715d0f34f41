// A member's own states on the stories of shared answers, remembered between their requests
// (docs/decisions/077-readers-own-states-remembered.md): laid over a kept answer, the api call for
// them was the one thing a member's public read still waited for. Kept per Authorization header
// (filled only from the api's answer to it, so nobody else's) and story, for `maxAgeMs` and never
// past the token's own expiry; a write by the member through this bff forgets theirs at once.
import { LRUCache } from "lru-cache";
import { tokenExpiry } from "./token-claims.js";
import type { ViewerState, ViewerStates } from "./viewer-states.js";

/** Stories' states kept at most, all members together (the least recently used member goes). */
export const REMEMBERED_STATES = 100_000;
/** Stories' states kept per member at most (the oldest go first). */
export const REMEMBERED_STATES_PER_MEMBER = 200;

export interface RememberedViewerStates {
  viewerStates: ViewerStates;
  /** After a write by the holder of `authorization` (null: nobody's states to forget). */
  forget(authorization: string | null): void;
}

interface Kept {
  /** Null: the api left the story out (gone, or not theirs to see). */
  state: ViewerState | null;
  until: number;
}

export function rememberViewerStates(
  inner: ViewerStates,
  maxAgeMs: number,
  now: () => number = Date.now,
): RememberedViewerStates {
  if (maxAgeMs === 0) return { viewerStates: inner, forget() {} };
  const members = new LRUCache<string, Map<string, Kept>>({
    maxSize: REMEMBERED_STATES,
    sizeCalculation: (kept) => Math.max(1, kept.size),
  });
  return {
    async viewerStates(authorization, client, publicIds) {
      const readAt = now();
      let kept = members.get(authorization);
      if (kept === undefined) {
        kept = new Map();
        members.set(authorization, kept);
      }
      const states = new Map<string, ViewerState>();
      const missing: string[] = [];
      for (const publicId of new Set(publicIds)) {
        const known = kept.get(publicId);
        if (known === undefined || known.until <= readAt) missing.push(publicId);
        else if (known.state !== null) states.set(publicId, known.state);
      }
      if (missing.length === 0) return states;
      const read = await inner(authorization, client, missing);
      if (read === null) return null;
      for (const [publicId, state] of read) states.set(publicId, state);
      // A write by the member meanwhile forgot `kept`: what was read may predate it, not kept.
      if (members.get(authorization) !== kept) return states;
      const until = Math.min(readAt + maxAgeMs, tokenExpiry(authorization) ?? 0);
      if (until <= readAt) return states;
      for (const publicId of missing) {
        kept.delete(publicId);
        kept.set(publicId, { state: read.get(publicId) ?? null, until });
      }
      for (const oldest of kept.keys()) {
        if (kept.size <= REMEMBERED_STATES_PER_MEMBER) break;
        kept.delete(oldest);
      }
      // Set again so the cache counts what it now holds.
      members.set(authorization, kept);
      return states;
    },
    forget(authorization) {
      if (authorization !== null) members.delete(authorization);
    },
  };
}
