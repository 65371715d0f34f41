import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.js";
import { aiAllowanceDays, aiUsage, type AiUsageKind } from "../platform/db/schema.js";

// The allowance's SQL (migrations/0024_watch_links_and_ai_allowance.sql): the day's counter and
// one usage row per counted run.

export class AllowanceQueries {
  constructor(private readonly db: Database) {}

  /**
   * Counts one run on `day` unless `limit` runs are already counted: one guarded upsert, so two
   * requests at the edge cannot both pass (the second waits for the first's row lock, then sees
   * its count). The new count, or null when the limit was reached.
   */
  async take(userId: string, day: string, limit: number | null): Promise<number | null> {
    const [row] = await this.db
      .insert(aiAllowanceDays)
      .values({ userId, day, used: 1 })
      .onConflictDoUpdate({
        target: [aiAllowanceDays.userId, aiAllowanceDays.day],
        set: { used: sql`${aiAllowanceDays.used} + 1` },
        ...(limit === null ? {} : { setWhere: sql`${aiAllowanceDays.used} < ${limit}` }),
      })
      .returning({ used: aiAllowanceDays.used });
    return row?.used ?? null;
  }

  /**
   * Gives back one run of `day` (the counted action was refused after all); a count back at 0 is
   * deleted, so a refused first run leaves nothing behind.
   */
  async giveBack(userId: string, day: string): Promise<void> {
    const ofTheDay = and(eq(aiAllowanceDays.userId, userId), eq(aiAllowanceDays.day, day));
    await this.db
      .update(aiAllowanceDays)
      .set({ used: sql`greatest(${aiAllowanceDays.used} - 1, 0)` })
      .where(ofTheDay);
    await this.db.delete(aiAllowanceDays).where(and(ofTheDay, eq(aiAllowanceDays.used, 0)));
  }

  /** Runs counted on `day`. */
  async used(userId: string, day: string): Promise<number> {
    const [row] = await this.db
      .select({ used: aiAllowanceDays.used })
      .from(aiAllowanceDays)
      .where(and(eq(aiAllowanceDays.userId, userId), eq(aiAllowanceDays.day, day)));
    return row?.used ?? 0;
  }

  /** A usage row for a counted run; its id. */
  async addUsage(userId: string, kind: AiUsageKind, storyId: string | null): Promise<string> {
    const id = randomBytes(12).toString("base64url");
    await this.db.insert(aiUsage).values({ id, userId, kind, storyId });
    return id;
  }

  async setUsageStory(id: string, storyId: string): Promise<void> {
    await this.db.update(aiUsage).set({ storyId }).where(eq(aiUsage.id, id));
  }

  async deleteUsage(id: string): Promise<void> {
    await this.db.delete(aiUsage).where(eq(aiUsage.id, id));
  }

  /**
   * Adds the tokens a model reported to the story's latest usage row of one of `kinds` (the run
   * that is writing it).
   */
  async addTokens(
    storyId: string,
    kinds: readonly AiUsageKind[],
    tokens: { promptTokens: number; completionTokens: number },
  ): Promise<void> {
    const [latest] = await this.db
      .select({ id: aiUsage.id })
      .from(aiUsage)
      .where(
        and(
          eq(aiUsage.storyId, storyId),
          sql`${aiUsage.kind} in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})`,
        ),
      )
      .orderBy(desc(aiUsage.createdAt))
      .limit(1);
    if (!latest) return;
    await this.db
      .update(aiUsage)
      .set({
        promptTokens: sql`coalesce(${aiUsage.promptTokens}, 0) + ${tokens.promptTokens}`,
        completionTokens: sql`coalesce(${aiUsage.completionTokens}, 0) + ${tokens.completionTokens}`,
      })
      .where(eq(aiUsage.id, latest.id));
  }
}
