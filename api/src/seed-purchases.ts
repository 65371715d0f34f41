import { and, eq } from "drizzle-orm";
import type { Database } from "./db/database.js";
import { earnings, premiumGrants, purchases, stories, users } from "./db/schema.js";

// The seed's purchases (docs/product.md#purchases-and-premium): the second seed author bought the
// first author's first story (a paid purchase and the author's share in the ledger), and the third
// bought a period of premium, so /admin's Purchases, a ledger and premium have something to show
// on a fresh start. Recorded as the local provider would have left them; running the seed again
// changes nothing (fixed ids).

export const SEED_STORY_PRICE_CENTS = 199;
const SEED_SHARE_CENTS = Math.floor((SEED_STORY_PRICE_CENTS * 70) / 100);
const SEED_PREMIUM_DAYS = 30;
const DAY_MS = 86_400_000;

export async function seedPurchases(
  db: Database,
  authors: ReadonlyArray<{ id: string; username: string }>,
  now: Date,
): Promise<void> {
  const [seller, buyer, premiumBuyer] = authors;
  if (!seller || !buyer || !premiumBuyer) return;
  const [story] = await db
    .select()
    .from(stories)
    .where(and(eq(stories.authorId, seller.id), eq(stories.status, "completed")))
    .orderBy(stories.createdAt)
    .limit(1);
  if (story) {
    // The story is priced (the author's fixed price point) unless it already has a price.
    if (story.priceCents === null) {
      await db
        .update(stories)
        .set({ priceCents: SEED_STORY_PRICE_CENTS, pricedAt: now })
        .where(eq(stories.id, story.id));
    }
    const paidAt = new Date(now.getTime() - 2 * DAY_MS);
    const inserted = await db
      .insert(purchases)
      .values({
        id: "seed-purchase-story",
        userId: buyer.id,
        kind: "story",
        storyId: story.id,
        storyTitle: story.title,
        authorId: seller.id,
        amountCents: story.priceCents ?? SEED_STORY_PRICE_CENTS,
        currency: "usd",
        authorShareCents: Math.floor(((story.priceCents ?? SEED_STORY_PRICE_CENTS) * 70) / 100),
        status: "paid",
        provider: "local",
        providerSessionId: "cs_local_seed-purchase-story",
        providerPaymentId: "pi_local_seed-purchase-story",
        createdAt: paidAt,
        updatedAt: paidAt,
        paidAt,
      })
      .onConflictDoNothing()
      .returning();
    const purchase = inserted[0];
    if (purchase) {
      await db
        .insert(earnings)
        .values({
          id: "seed-earning-story",
          authorId: seller.id,
          purchaseId: purchase.id,
          storyId: story.id,
          kind: "sale",
          amountCents: purchase.authorShareCents || SEED_SHARE_CENTS,
          currency: "usd",
          createdAt: paidAt,
        })
        .onConflictDoNothing();
    }
  }
  const startsAt = new Date(now.getTime() - DAY_MS);
  const premium = await db
    .insert(purchases)
    .values({
      id: "seed-purchase-premium",
      userId: premiumBuyer.id,
      kind: "premium",
      amountCents: 499,
      currency: "usd",
      premiumDays: SEED_PREMIUM_DAYS,
      status: "paid",
      provider: "local",
      providerSessionId: "cs_local_seed-purchase-premium",
      providerPaymentId: "pi_local_seed-purchase-premium",
      createdAt: startsAt,
      updatedAt: startsAt,
      paidAt: startsAt,
    })
    .onConflictDoNothing()
    .returning();
  if (premium.length > 0) {
    const endsAt = new Date(startsAt.getTime() + SEED_PREMIUM_DAYS * DAY_MS);
    await db.insert(premiumGrants).values({
      id: "seed-grant-premium",
      userId: premiumBuyer.id,
      source: "purchase",
      purchaseId: "seed-purchase-premium",
      startsAt,
      endsAt,
    });
    await db.update(users).set({ premiumUntil: endsAt }).where(eq(users.id, premiumBuyer.id));
  }
}
