import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.js";
import { stories, subscriptions, type StoryRecord } from "../platform/db/schema.js";
import type { StoryChanges } from "../stories/stories-queries.js";

// The SQL of continue-the-story: a write guarded by the state the caller decided on, and whether a
// reader follows the writer.

/** What the row must still be for a continuation write to apply. */
export interface ExpectedContinuation {
  generation: number;
  status: StoryRecord["status"];
  continuationState: StoryRecord["continuationState"];
  continuationId: string | null;
}

export class ContinuationQueries {
  constructor(private readonly db: Database) {}

  /** Applies `changes` (an event: event_seq grows) while the row is as expected; else null. */
  async updateIf(
    id: string,
    expected: ExpectedContinuation,
    changes: StoryChanges,
  ): Promise<StoryRecord | null> {
    const state =
      expected.continuationState === null
        ? sql`${stories.continuationState} is null`
        : eq(stories.continuationState, expected.continuationState);
    const request =
      expected.continuationId === null
        ? sql`${stories.continuation} is null`
        : sql`${stories.continuation} ->> 'id' = ${expected.continuationId}`;
    const [updated] = await this.db
      .update(stories)
      .set({ ...changes, eventSeq: sql`${stories.eventSeq} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(stories.id, id),
          eq(stories.generation, expected.generation),
          eq(stories.status, expected.status),
          state,
          request,
        ),
      )
      .returning();
    return updated ?? null;
  }

  /** Whether `readerId` follows `authorId`. */
  async follows(readerId: string, authorId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.subscriberId, readerId), eq(subscriptions.authorId, authorId)))
      .limit(1);
    return rows.length > 0;
  }
}

/** The row as a continuation write expects to find it. */
export function expectedOf(story: StoryRecord): ExpectedContinuation {
  return {
    generation: story.generation,
    status: story.status,
    continuationState: story.continuationState,
    continuationId: story.continuation?.id ?? null,
  };
}
