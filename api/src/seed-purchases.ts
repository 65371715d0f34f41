import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "./platform/db/database.js";
import { earnings, premiumGrants, purchases, stories, users } from "./platform/db/schema.js";

// The seed's purchases (docs/product.md#purchases-and-premium): another seed author bought the
// seed's first priced story (a paid purchase and the author's share in the ledger), and one more
// bought a period of premium, so /admin's Purchases, a ledger and premium have something to show
// on a fresh start. Recorded as the local provider would have left them; running the seed again
// changes nothing (fixed ids).

/** The seed's share of a sale: the default PAYMENT_AUTHOR_SHARE_PERCENT. */
const SEED_SHARE_PERCENT = 70;
const SEED_PREMIUM_DAYS = 30;
const DAY_MS = 86_400_000;

export async function seedPurchases(
  db: Database,
  authors: ReadonlyArray<{ id: string; username: string }>,
  pricedTitle: string,
  now: Date,
): Promise<void> {
  const [story] = await db
    .select()
    .from(stories)
    .where(and(eq(stories.title, pricedTitle), isNotNull(stories.priceCents)))
    .limit(1);
  const others = authors.filter((author) => author.id !== story?.authorId);
  const [buyer, premiumBuyer] = others;
  if (!buyer || !premiumBuyer) return;
  if (story?.priceCents != null && story.authorId) {
    const seller = { id: story.authorId };
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
        amountCents: story.priceCents,
        currency: "usd",
        authorShareCents: Math.floor((story.priceCents * SEED_SHARE_PERCENT) / 100),
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
          amountCents: purchase.authorShareCents,
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
      createdAt: startsAt,
    });
    await db.update(users).set({ premiumUntil: endsAt }).where(eq(users.id, premiumBuyer.id));
  }
}
