import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import type { UserRecord } from "../platform/db/schema.js";

// The signed-in viewer's profile, remembered between their requests (docs/decisions/040): the
// guards read it on every request, and it rarely changes. Bounded in number and age (`maxAgeMs`,
// the most another api process's change can take to show here); a change made through this
// process shows at once: a write of a signed-in person forgets their profile, and a write by
// anyone else (an admin, a payment provider's webhook, a visitor) forgets every profile, as it may
// change someone's roles or premium.

export const VIEWER_PROFILE_ENTRIES = 10_000;

export interface ViewerProfiles {
  get(firebaseUid: string): UserRecord | undefined;
  /** A mark to give set(): taken before the profile is read from the database. */
  mark(): number;
  /** Keeps the profile unless something was forgotten since `mark` (it may predate that write). */
  set(user: UserRecord, mark: number): void;
  forget(firebaseUid: string): void;
  clear(): void;
}

export function createViewerProfiles(maxAgeMs: number): ViewerProfiles {
  if (maxAgeMs === 0) {
    return { get: () => undefined, mark: () => 0, set() {}, forget() {}, clear() {} };
  }
  const profiles = new LRUCache<string, UserRecord>({ max: VIEWER_PROFILE_ENTRIES, ttl: maxAgeMs });
  /** Counts forgetting: a profile read before one is not kept after it. */
  let generation = 0;
  return {
    get: (uid) => profiles.get(uid),
    mark: () => generation,
    set(user, mark) {
      if (mark === generation) profiles.set(user.firebaseUid, user);
    },
    forget(uid) {
      generation += 1;
      profiles.delete(uid);
    },
    clear() {
      generation += 1;
      profiles.clear();
    },
  };
}

const READING_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Forgets profiles after every write that succeeds, before its answer leaves (see above). */
export function forgetProfilesAfterWrites(app: FastifyInstance, profiles: ViewerProfiles): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!READING_METHODS.has(request.method) && reply.statusCode < 400) {
      const user = request.user;
      if (user && !user.roles.includes("admin")) profiles.forget(user.firebaseUid);
      else profiles.clear();
    }
    done(null, payload);
  });
}
