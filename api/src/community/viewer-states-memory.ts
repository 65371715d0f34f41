import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import type { Database } from "../platform/db/database.js";
import { BookmarkQueries, type CardViewerRow, type ViewerStateRow } from "./bookmark-queries.js";

// A signed-in reader's own state on the stories of the pages they read (bookmarked, follows the
// author, their comments waiting for a moderator; for the bff's shared pages also authorship and
// reading), remembered between their requests
// (docs/decisions/077-readers-own-states-remembered.md). Laid over a kept visitors' page, it was
// the one statement every signed-in list still ran. Bounded in age (`maxAgeMs`, the most a change
// made past this process can take to show) and in size; a write by the reader through this process
// forgets theirs at once, and an admin's write (moderation) forgets everyone's.

/** Stories' states kept at most, all readers together (the least recently used reader goes first). */
export const REMEMBERED_STATES = 100_000;
/** Stories' states kept per reader and kind at most (the oldest go first). */
export const REMEMBERED_STATES_PER_READER = 200;

export interface ViewerStatesMemory {
  /**
   * `viewerId`'s rows of `kind` for `publicIds`: the ones kept, and the rest from `read` (which
   * leaves out a story it does not know or the reader may not see; that absence is kept too).
   */
  rows<Row extends { publicId: string }>(
    kind: string,
    viewerId: string,
    publicIds: readonly string[],
    read: (publicIds: string[]) => Promise<Row[]>,
  ): Promise<Row[]>;
  forget(viewerId: string): void;
  clear(): void;
}

interface Kept {
  /** Null: the read left the story out. */
  row: unknown;
  /** Believed until then (ms since the epoch). */
  until: number;
}

/** One reader's kept states: kind, then story, in the order they were read. */
type ReaderStates = Map<string, Map<string, Kept>>;

export function createViewerStatesMemory(
  maxAgeMs: number,
  now: () => number = Date.now,
): ViewerStatesMemory {
  if (maxAgeMs === 0) {
    return {
      rows: (_kind, _viewer, publicIds, read) => read([...publicIds]),
      forget() {},
      clear() {},
    };
  }
  const readers = new LRUCache<string, ReaderStates>({
    maxSize: REMEMBERED_STATES,
    sizeCalculation: (states) =>
      Math.max(
        1,
        [...states.values()].reduce((sum, kept) => sum + kept.size, 0),
      ),
  });
  return {
    async rows<Row extends { publicId: string }>(
      kind: string,
      viewerId: string,
      publicIds: readonly string[],
      read: (publicIds: string[]) => Promise<Row[]>,
    ): Promise<Row[]> {
      let states = readers.get(viewerId);
      if (states === undefined) {
        states = new Map<string, Map<string, Kept>>();
        readers.set(viewerId, states);
      }
      const kept = states.get(kind) ?? new Map<string, Kept>();
      const readAt = now();
      const found: Row[] = [];
      const missing: string[] = [];
      for (const publicId of new Set(publicIds)) {
        const known = kept.get(publicId);
        if (known === undefined || known.until <= readAt) missing.push(publicId);
        else if (known.row !== null) found.push(known.row as Row);
      }
      if (missing.length === 0) return found;
      const read$ = await read(missing);
      // A write by the reader meanwhile forgot `states` (forget deletes it, clear empties the
      // cache): what was read may predate that write, so it is answered but not kept.
      if (readers.get(viewerId) !== states) return [...found, ...read$];
      const readRows = new Map(read$.map((row) => [row.publicId, row]));
      for (const publicId of missing) {
        kept.delete(publicId);
        kept.set(publicId, { row: readRows.get(publicId) ?? null, until: readAt + maxAgeMs });
      }
      for (const oldest of kept.keys()) {
        if (kept.size <= REMEMBERED_STATES_PER_READER) break;
        kept.delete(oldest);
      }
      states.set(kind, kept);
      // Set again so the cache counts what it now holds.
      readers.set(viewerId, states);
      return [...found, ...read$];
    },
    forget: (viewerId) => void readers.delete(viewerId),
    clear: () => readers.clear(),
  };
}

/** The bookmarks' queries with each reader's own states read through `memory`. */
export class RememberingBookmarkQueries extends BookmarkQueries {
  constructor(
    db: Database,
    private readonly memory: ViewerStatesMemory,
  ) {
    super(db);
  }

  override cardViewerStates(
    userId: string,
    publicIds: readonly string[],
  ): Promise<CardViewerRow[]> {
    return this.memory.rows("card", userId, publicIds, (missing) =>
      super.cardViewerStates(userId, missing),
    );
  }

  override viewerStates(userId: string, publicIds: readonly string[]): Promise<ViewerStateRow[]> {
    return this.memory.rows("story", userId, publicIds, (missing) =>
      super.viewerStates(userId, missing),
    );
  }
}

const READING_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * After every write that succeeds, before its answer leaves: a reader's own write forgets their
 * states, an admin's (a moderator's decision on anyone's comment) forgets everyone's. A visitor's
 * or a payment provider's write changes no reader's own state on a card.
 */
export function forgetStatesAfterWrites(app: FastifyInstance, memory: ViewerStatesMemory): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    const user = request.user;
    if (user && !READING_METHODS.has(request.method) && reply.statusCode < 400) {
      if (user.roles.includes("admin")) memory.clear();
      else memory.forget(user.id);
    }
    done(null, payload);
  });
}

/** The bookmarks' queries for `app`, remembering readers' states for `maxAgeMs` (0: not at all). */
export function rememberingBookmarks(
  app: FastifyInstance,
  db: Database,
  maxAgeMs: number,
): BookmarkQueries {
  const memory = createViewerStatesMemory(maxAgeMs);
  forgetStatesAfterWrites(app, memory);
  return new RememberingBookmarkQueries(db, memory);
}
