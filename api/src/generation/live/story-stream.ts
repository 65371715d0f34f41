import { isApiId } from "@storyloom/common";
import type { WebSocket } from "ws";
import type { Database } from "../../platform/db/database.js";
import type { StoryRecord, UserRecord } from "../../platform/db/schema.js";
import { StoriesQueries } from "../../stories/stories-queries.js";
import { accessOf } from "../../stories/viewer-access.js";
import { restartGeneration } from "../../stories/story-lifecycle.js";
import { canView } from "../../stories/visibility-rules.js";
import { Failure } from "../../platform/lib/errors.js";
import { storyUpdateOf } from "./story-update.js";
import type { StoryWatchers } from "./story-watchers.js";

/** The live channel's close codes (contract "Events + live channel"). */
export const CLOSE_BAD_MESSAGE = 4400;
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_NOT_FOUND = 4404;
export const CLOSE_INTERNAL = 1011;
/** A replica shutting down: clients reconnect (through the balancer, to another replica). */
export const SERVICE_RESTART = 1012;

export const STREAM_STORY_NOT_FOUND = "Story not found.";
export const STREAM_ACCESS_WITHDRAWN = "You can no longer watch this story.";

export interface StoryStreamDeps {
  db: Database;
  watchers: StoryWatchers;
  log: { warn(object: object, message: string): void };
}

/**
 * One socket watching one story for one signed-in viewer: the snapshot first, then the row again
 * after every event, in event_seq order and never twice. Reads are serialised per socket and
 * coalesced: events arriving during a read cause exactly one more read.
 */
export class StoryStream {
  private readonly stories: StoriesQueries;
  private lastSentSeq = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private unwatch: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly publicId: string,
    private readonly viewer: UserRecord,
    private readonly deps: StoryStreamDeps,
  ) {
    this.stories = new StoriesQueries(deps.db);
    socket.once("close", () => this.dispose());
  }

  /** Checks the story is there for this viewer, then watches it and sends the snapshot. */
  async open(): Promise<boolean> {
    // An address no story can have names none: not looked up (docs/decisions/015).
    const story = isApiId(this.publicId) ? await this.stories.findByPublicId(this.publicId) : null;
    // Not visible reads as not found: never reveal that a story exists.
    if (story === null || !canView(story, this.viewer.id)) {
      this.close(CLOSE_NOT_FOUND, STREAM_STORY_NOT_FOUND);
      return false;
    }
    const unwatch = await this.deps.watchers.watch(this.publicId, {
      changed: () => this.refresh(),
    });
    if (this.closed) {
      unwatch();
      return false;
    }
    this.unwatch = unwatch;
    // Events between the read above and the subscription are covered: the snapshot is read now.
    await this.refresh();
    return !this.closed;
  }

  /** {"command":"restart"} (Regenerate): same rule as POST /stories/{id}/restart. */
  async restart(): Promise<void> {
    try {
      await restartGeneration(
        this.deps.db,
        await this.stories.findByPublicId(this.publicId),
        this.viewer.id,
      );
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      // A refused restart is an answer, not the end of the connection.
      this.send({ error: { code: error.code, detail: error.detail } });
    }
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.dispose();
    this.socket.close(code, reason);
  }

  refresh(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.readAgain = false;
          await this.pushCurrent();
        } while (this.readAgain && !this.closed);
      } catch (error) {
        this.deps.log.warn({ err: error, story: this.publicId }, "cannot push a story update");
        this.close(CLOSE_INTERNAL, "The story could not be read.");
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  private async pushCurrent(): Promise<void> {
    const story: StoryRecord | null = await this.stories.findByPublicId(this.publicId);
    if (story === null) {
      this.close(CLOSE_NOT_FOUND, STREAM_STORY_NOT_FOUND);
      return;
    }
    // The owner made it private or discarded it while someone else was watching.
    if (!canView(story, this.viewer.id)) {
      this.close(CLOSE_FORBIDDEN, STREAM_ACCESS_WITHDRAWN);
      return;
    }
    if (story.eventSeq <= this.lastSentSeq) return;
    // Read again with every event: a purchase, a refund or a new price changes what they get.
    const access = await accessOf(this.deps.db, story, this.viewer);
    this.lastSentSeq = story.eventSeq;
    this.send(storyUpdateOf(story, access));
  }

  private send(message: object): void {
    if (!this.closed && this.socket.readyState === this.socket.OPEN) {
      this.socket.send(JSON.stringify(message));
    }
  }

  private dispose(): void {
    this.closed = true;
    this.unwatch?.();
    this.unwatch = null;
  }
}
