import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import type { CacheOutcome } from "../platform/observability/api-metrics.js";

/** How many different visitor pages are kept (docs/decisions/036, the micro-cache). */
export const PUBLIC_LIST_CACHE_ENTRIES = 500;

/**
 * The serialized answers of the public card lists a visitor asks for, kept `ttlMs` (0: off) in this
 * process (docs/decisions/036). Concurrent misses for one key share one load, and clear() forgets
 * every answer at once, including loads under way: an answer loaded before a write is never kept
 * after it. Answers are kept as the UTF-8 bytes sent, so a kept answer is neither measured nor
 * encoded again on its way out.
 */
export interface PublicListCache {
  /** Whether answers are kept at all (a TTL of 0 keeps none). */
  readonly keeps: boolean;
  answer(key: string, load: () => Promise<Buffer>): Promise<Buffer>;
  clear(): void;
}

export function createPublicListCache(
  ttlMs: number,
  lookedUp: (outcome: CacheOutcome) => void = () => {},
): PublicListCache {
  if (ttlMs === 0) return { keeps: false, answer: (_key, load) => load(), clear: () => {} };
  const answers = new LRUCache<string, Buffer>({ max: PUBLIC_LIST_CACHE_ENTRIES, ttl: ttlMs });
  const loading = new Map<string, Promise<Buffer>>();
  /** Counts clear() calls: a load kept only if none happened while it ran. */
  let generation = 0;
  return {
    keeps: true,
    answer(key, load) {
      const cached = answers.get(key);
      if (cached !== undefined) {
        lookedUp("hit");
        return Promise.resolve(cached);
      }
      const shared = loading.get(key);
      lookedUp(shared === undefined ? "miss" : "hit");
      if (shared !== undefined) return shared;
      const startedIn = generation;
      const loaded = load().then((body) => {
        if (generation === startedIn) answers.set(key, body);
        return body;
      });
      const settled = () => {
        if (loading.get(key) === loaded) loading.delete(key);
      };
      loaded.then(settled, settled);
      loading.set(key, loaded);
      return loaded;
    },
    clear() {
      generation += 1;
      answers.clear();
      loading.clear();
    },
  };
}

const READING_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The one place that keeps the cache fresh for whoever acts through this api: any request that may
 * write (every method but GET, HEAD and OPTIONS) and succeeds clears it before its answer leaves,
 * so the next page anyone asks of this replica shows the change (docs/decisions/036). Writes made
 * elsewhere (other replicas, the story workers) show within the cache's TTL.
 */
export function clearAfterWrites(app: FastifyInstance, cache: PublicListCache): void {
  // Every request passes here: a callback, no promise each (decision 036).
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!READING_METHODS.has(request.method) && reply.statusCode < 400) cache.clear();
    done(null, payload);
  });
}
