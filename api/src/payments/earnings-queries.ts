import { and, desc, eq, sql } from "drizzle-orm";
import { nanoid } from "nanoid";
import type { KeysetPosition } from "../platform/lib/cursor.js";
import type { Database } from "../platform/db/database.js";
import { earnings, purchases, stories } from "../platform/db/schema.js";
import { before, type Page } from "./purchases-queries.js";

// The authors' ledger (migrations/0008_payments.sql): a sale's share when a purchase is paid, the
// same amount negative when it is refunded, one row of each kind per purchase at most.

/** A row of the ledger. */
export type EarningRecord = typeof earnings.$inferSelect;

export interface EarningView {
  id: string;
  kind: "sale" | "refund";
  amountCents: number;
  currency: string;
  createdAt: Date;
  purchaseId: string;
  storyTitle: string | null;
  storyPublicId: string | null;
}

/** A ledger row to write (its id and time are the database's). */
export type NewEarning = Pick<
  EarningRecord,
  "authorId" | "purchaseId" | "storyId" | "kind" | "amountCents" | "currency"
>;

export class EarningsQueries {
  constructor(private readonly db: Database) {}

  /** The author's ledger, newest first, and its totals per currency. */
  async earningsOf(
    authorId: string,
    size: number,
    after: KeysetPosition | null,
  ): Promise<{
    rows: Page<EarningView>;
    totals: Array<{ currency: string; amountCents: number }>;
  }> {
    const rows = await this.db
      .select({
        earning: earnings,
        storyTitle: purchases.storyTitle,
        storyPublicId: stories.publicId,
        exactCreatedAt: sql<string>`${earnings.createdAt}::text`,
      })
      .from(earnings)
      .innerJoin(purchases, eq(purchases.id, earnings.purchaseId))
      .leftJoin(stories, eq(stories.id, earnings.storyId))
      .where(and(eq(earnings.authorId, authorId), before(earnings.createdAt, earnings.id, after)))
      .orderBy(desc(earnings.createdAt), desc(earnings.id))
      .limit(size);
    const totals = await this.db
      .select({
        currency: earnings.currency,
        amountCents: sql<number>`sum(${earnings.amountCents})::int`,
      })
      .from(earnings)
      .where(eq(earnings.authorId, authorId))
      .groupBy(earnings.currency)
      .orderBy(earnings.currency);
    return {
      rows: rows.map((row) => ({
        item: {
          id: row.earning.id,
          kind: row.earning.kind,
          amountCents: row.earning.amountCents,
          currency: row.earning.currency,
          createdAt: row.earning.createdAt,
          purchaseId: row.earning.purchaseId,
          storyTitle: row.storyTitle,
          storyPublicId: row.storyPublicId,
        },
        position: { at: row.exactCreatedAt, id: row.earning.id },
      })),
      totals,
    };
  }

  /** The purchase's sale, if one was recorded. */
  async saleOf(purchaseId: string): Promise<EarningRecord | null> {
    const [sale] = await this.db
      .select()
      .from(earnings)
      .where(and(eq(earnings.purchaseId, purchaseId), eq(earnings.kind, "sale")));
    return sale ?? null;
  }

  /** Writes a ledger row; a second one of the same kind for the purchase changes nothing. */
  async record(earning: NewEarning): Promise<void> {
    await this.db
      .insert(earnings)
      .values({ id: nanoid(16), ...earning })
      .onConflictDoNothing();
  }
}
