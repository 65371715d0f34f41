// The visitor cache's store: the answers kept, by operation and variables, for GRAPHQL_VISITOR_CACHE_MS
// and within a byte budget (docs/decisions/037-bff-visitor-cache.md).
import { LRUCache } from "lru-cache";
import { laidOver, type AudienceMark } from "../../graphql/audience.js";
import type { ClientHeaders } from "../../upstream/rest-client.js";
import type { ViewerStates } from "../../upstream/viewer-states.js";

/** One kept answer, and what is made from it once and served again. */
export interface Entry {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /** Where its per-viewer fields sit, for a member's state to be laid over (decision 043). */
  marks: readonly AudienceMark[];
  br?: Buffer;
  gzip?: Buffer;
  /**
   * The whole header sets of this answer sent before express, made once per encoding and Origin
   * (few of either) instead of per request.
   */
  ready?: Map<string, Record<string, string>>;
}

/**
 * `entry` as the member of `authorization` sees it, their own states laid over its marks (from
 * memory or one small api call: decisions 043 and 077); null when the api did not give them. The
 * result is theirs alone: nothing made for it is kept on the shared entry.
 */
export async function memberEntry(
  viewerStates: ViewerStates,
  client: ClientHeaders,
  entry: Entry,
  authorization: string,
): Promise<Entry | null> {
  const ids = entry.marks.map((mark) => mark.publicId);
  const states = await viewerStates(authorization, client, ids);
  if (states === null) return null;
  const body = laidOver(entry.body, entry.marks, states);
  return { status: entry.status, headers: entry.headers, body, marks: [] };
}

/** Header sets kept per entry; past this, further Origins are made per request. */
export const READY_HEADER_SETS = 16;

export interface AnswerStoreSettings {
  /** How long an answer is served again (0: off). */
  ttlMs: number;
  /** The most bytes of answers (their JSON and compressed twins) kept. */
  maxBytes: number;
}

export interface AnswerStore {
  get(key: string): Entry | undefined;
  /** The count of writes so far: an answer begun before a write ended is not kept after it. */
  readonly generation: number;
  /** Keeps `entry` unless a write ended since `begunAt` (a generation). */
  keep(key: string, entry: Entry, begunAt: number): void;
  /** Forgets every answer: something was written. */
  clear(): void;
}

export function createAnswerStore(settings: AnswerStoreSettings): AnswerStore {
  const answers = new LRUCache<string, Entry>({
    ttl: Math.max(settings.ttlMs, 1),
    ttlAutopurge: false,
    maxSize: Math.max(settings.maxBytes, 1),
    sizeCalculation: (entry, key) => entry.body.length * 2 + key.length,
  });
  let generation = 0;
  return {
    get: (key) => answers.get(key),
    get generation() {
      return generation;
    },
    keep(key, entry, begunAt) {
      if (begunAt === generation && settings.ttlMs > 0) answers.set(key, entry);
    },
    clear() {
      generation += 1;
      answers.clear();
    },
  };
}
