import { and, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../platform/db/database.js";
import { purchases } from "../platform/db/schema.js";

// What deciding a viewer's access to a story reads (stories/access-rules.ts): whether they bought
// it — a paid story purchase; a refunded, pending or failed one is none. Whether they are premium
// their user row already says.

/** SQL: `user` has a paid purchase of the story whose id is `storyId` (purchases_story_paid_idx). */
export function paidPurchaseSql(
  storyId: AnyPgColumn | SQL,
  user: SQL | Placeholder | string,
): SQL<boolean> {
  // Spelled out: drizzle may leave a column's table off inside another table's select.
  return sql<boolean>`exists (select 1 from "purchases" "paid" where "paid"."story_id" = ${storyId} and "paid"."user_id" = ${user} and "paid"."kind" = 'story' and "paid"."status" = 'paid')`;
}

export async function hasPaidPurchase(
  db: Database,
  userId: string,
  storyId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.storyId, storyId),
        eq(purchases.kind, "story"),
        eq(purchases.status, "paid"),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
