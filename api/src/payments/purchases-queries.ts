import { and, desc, eq, ilike, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { nanoid } from "nanoid";
import type { KeysetPosition } from "../platform/lib/cursor.js";
import type { Database } from "../platform/db/database.js";
import {
  earnings,
  paymentEvents,
  premiumGrants,
  purchases,
  stories,
  users,
  type PurchaseRecord,
} from "../platform/db/schema.js";

// Purchases, premium grants, the webhook's event log and the authors' ledger
// (migrations/0008_payments.sql). A purchase only moves forward: pending -> paid -> refunded,
// pending -> expired | failed (and a late payment of an expired session still counts). Every change
// a provider event makes happens in one transaction with the event's row, so an event delivered
// twice, even at once, changes things once (docs/decisions/031-payments.md).

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Runner = Database | Tx;

export type Page<T> = Array<{ item: T; position: KeysetPosition }>;

const before = (at: unknown, id: unknown, position: KeysetPosition | null) =>
  position ? sql`(${at}, ${id}) < (${position.at}::timestamptz, ${position.id})` : undefined;

/**
 * A verified provider event as the ledger applies it (payments/payment-provider.ts reads
 * it from the provider's webhook).
 */
export interface PaymentEvent {
  id: string;
  type: string;
  action: "completed" | "expired" | "failed" | "refunded" | "ignored";
  purchaseId: string | null;
  sessionId: string | null;
  paymentId: string | null;
  payload: unknown;
}

/** What handling one event did, kept on its payment_events row. */
export type EventOutcome =
  | "duplicate"
  | "ignored"
  | "unknown-purchase"
  | "applied"
  | "already-applied"
  | "stale"
  | "refund-before-paid"
  | "duplicate-refunded";

/** A purchase with the story's public id (null for premium, or once the story is deleted). */
export interface PurchaseView extends PurchaseRecord {
  storyPublicId: string | null;
}

export interface NewPurchase {
  userId: string;
  kind: "story" | "premium";
  storyId: string | null;
  storyTitle: string | null;
  authorId: string | null;
  amountCents: number;
  currency: string;
  authorShareCents: number;
  premiumDays: number | null;
  provider: string;
}

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

/** What the webhook may need the provider for while it holds the purchase (a duplicate's refund). */
export interface EventEffects {
  refundDuplicate(paymentId: string): Promise<void>;
}

const viewColumns = { purchase: purchases, storyPublicId: stories.publicId };
const toView = (row: { purchase: PurchaseRecord; storyPublicId: string | null }): PurchaseView => ({
  ...row.purchase,
  storyPublicId: row.storyPublicId,
});

export class PurchasesQueries {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<PurchaseView | null> {
    const [row] = await this.db
      .select(viewColumns)
      .from(purchases)
      .leftJoin(stories, eq(stories.id, purchases.storyId))
      .where(eq(purchases.id, id));
    return row ? toView(row) : null;
  }

  async findBySession(provider: string, sessionId: string): Promise<PurchaseView | null> {
    const [row] = await this.db
      .select(viewColumns)
      .from(purchases)
      .leftJoin(stories, eq(stories.id, purchases.storyId))
      .where(and(eq(purchases.provider, provider), eq(purchases.providerSessionId, sessionId)));
    return row ? toView(row) : null;
  }

  /** The buyer's pending or paid purchase of a story (at most one: the partial unique index). */
  async findOpenStoryPurchase(userId: string, storyId: string): Promise<PurchaseRecord | null> {
    const [row] = await this.db
      .select()
      .from(purchases)
      .where(
        and(
          eq(purchases.userId, userId),
          eq(purchases.storyId, storyId),
          eq(purchases.kind, "story"),
          inArray(purchases.status, ["pending", "paid"]),
        ),
      );
    return row ?? null;
  }

  /** The buyer's latest pending premium purchase, reused by a second click. */
  async findPendingPremium(userId: string): Promise<PurchaseRecord | null> {
    const [row] = await this.db
      .select()
      .from(purchases)
      .where(
        and(
          eq(purchases.userId, userId),
          eq(purchases.kind, "premium"),
          eq(purchases.status, "pending"),
        ),
      )
      .orderBy(desc(purchases.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** A new pending purchase, or null when the buyer already has an open one of this story. */
  async insert(purchase: NewPurchase): Promise<PurchaseRecord | null> {
    const [row] = await this.db
      .insert(purchases)
      .values({ id: nanoid(16), ...purchase })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  /** Records the provider's session; a second writer with the same session changes nothing. */
  async setCheckout(id: string, sessionId: string, url: string): Promise<void> {
    await this.db
      .update(purchases)
      .set({ providerSessionId: sessionId, checkoutUrl: url, updatedAt: new Date() })
      .where(eq(purchases.id, id));
  }

  /** The buyer's purchases, newest first. */
  async listByUser(
    userId: string,
    size: number,
    after: KeysetPosition | null,
  ): Promise<Page<PurchaseView>> {
    const rows = await this.db
      .select({ ...viewColumns, exactCreatedAt: sql<string>`${purchases.createdAt}::text` })
      .from(purchases)
      .leftJoin(stories, eq(stories.id, purchases.storyId))
      .where(and(eq(purchases.userId, userId), before(purchases.createdAt, purchases.id, after)))
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(size);
    return rows.map((row) => ({
      item: toView(row),
      position: { at: row.exactCreatedAt, id: row.purchase.id },
    }));
  }

  /** Admin search: buyer's username or e-mail, or the story's title (any part, any case). */
  async search(
    query: string,
    limit: number,
  ): Promise<Array<PurchaseView & { buyerUsername: string | null; buyerEmail: string | null }>> {
    const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.db
      .select({ ...viewColumns, buyerUsername: users.username, buyerEmail: users.email })
      .from(purchases)
      .leftJoin(stories, eq(stories.id, purchases.storyId))
      .leftJoin(users, eq(users.id, purchases.userId))
      .where(
        query === ""
          ? undefined
          : or(
              ilike(users.username, pattern),
              ilike(users.email, pattern),
              ilike(purchases.storyTitle, pattern),
              eq(purchases.id, query),
            ),
      )
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(limit);
    return rows.map((row) => ({
      ...toView(row),
      buyerUsername: row.buyerUsername,
      buyerEmail: row.buyerEmail,
    }));
  }

  async events(purchaseId: string) {
    return this.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.purchaseId, purchaseId))
      .orderBy(paymentEvents.receivedAt, paymentEvents.eventId);
  }

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

  /**
   * Applies one verified provider event: recorded once (a redelivery, even a concurrent one, finds
   * the row and stops), then the purchase, locked, moves forward if the event allows it.
   */
  async applyEvent(
    provider: string,
    event: PaymentEvent,
    effects: EventEffects,
  ): Promise<EventOutcome> {
    return this.db.transaction(async (tx) => {
      const recorded = await tx
        .insert(paymentEvents)
        .values({
          provider,
          eventId: event.id,
          type: event.type,
          payload: event.payload as object,
        })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (recorded.length === 0) return "duplicate";
      const purchase = event.action === "ignored" ? null : await lockPurchase(tx, provider, event);
      const outcome: EventOutcome =
        event.action === "ignored"
          ? "ignored"
          : purchase === null
            ? "unknown-purchase"
            : await transition(tx, purchase, event, effects);
      await tx
        .update(paymentEvents)
        .set({ purchaseId: purchase?.id ?? null, outcome })
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, event.id)));
      return outcome;
    });
  }

  /**
   * An admin's refund, after the provider accepted it: the purchase is refunded at once (the
   * provider's own refund event then finds it done) and the event log says who did it.
   */
  async refundByAdmin(purchaseId: string, adminId: string): Promise<PurchaseView | null> {
    await this.db.transaction(async (tx) => {
      const [purchase] = await tx
        .select()
        .from(purchases)
        .where(eq(purchases.id, purchaseId))
        .for("update");
      if (!purchase) return;
      const outcome = purchase.status === "paid" ? "applied" : "already-applied";
      if (purchase.status === "paid") await refundPaid(tx, purchase, "admin");
      await tx
        .insert(paymentEvents)
        .values({
          provider: purchase.provider,
          eventId: `admin_refund_${purchase.id}`,
          type: "admin.refund",
          purchaseId: purchase.id,
          payload: { refunded_by: adminId },
          outcome,
        })
        .onConflictDoNothing();
    });
    return this.findById(purchaseId);
  }

  /** An admin's grant of `days` of premium from now; answers the user's new premium_until. */
  async grantPremium(userId: string, adminId: string, days: number): Promise<Date | null> {
    return this.db.transaction(async (tx) => {
      const now = new Date();
      await tx.insert(premiumGrants).values({
        id: nanoid(16),
        userId,
        source: "admin",
        grantedBy: adminId,
        startsAt: now,
        endsAt: new Date(now.getTime() + days * DAY_MS),
      });
      return recomputePremium(tx, userId);
    });
  }

  /** Revokes the user's admin grants (bought periods stay); answers the new premium_until. */
  async revokeAdminPremium(userId: string): Promise<Date | null> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(premiumGrants)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(premiumGrants.userId, userId),
            eq(premiumGrants.source, "admin"),
            isNull(premiumGrants.revokedAt),
          ),
        );
      return recomputePremium(tx, userId);
    });
  }
}

const DAY_MS = 86_400_000;

/** The purchase an event is about, locked: by our id, else by the provider's session or payment. */
async function lockPurchase(
  tx: Tx,
  provider: string,
  event: PaymentEvent,
): Promise<PurchaseRecord | null> {
  const keys = [
    event.purchaseId === null ? undefined : eq(purchases.id, event.purchaseId),
    event.sessionId === null ? undefined : eq(purchases.providerSessionId, event.sessionId),
    event.paymentId === null ? undefined : eq(purchases.providerPaymentId, event.paymentId),
  ].filter((key) => key !== undefined);
  if (keys.length === 0) return null;
  const [row] = await tx
    .select()
    .from(purchases)
    // Another integration's events on the same account are not ours (they name no purchase of ours).
    .where(and(eq(purchases.provider, provider), or(...keys)))
    .limit(1)
    .for("update");
  return row ?? null;
}

async function transition(
  tx: Tx,
  purchase: PurchaseRecord,
  event: PaymentEvent,
  effects: EventEffects,
): Promise<EventOutcome> {
  const now = new Date();
  const ids = {
    ...(event.sessionId && purchase.providerSessionId === null
      ? { providerSessionId: event.sessionId }
      : {}),
    ...(event.paymentId && purchase.providerPaymentId === null
      ? { providerPaymentId: event.paymentId }
      : {}),
  };
  switch (event.action) {
    case "completed": {
      if (purchase.status === "paid") return "already-applied";
      // A refund that came first left a tombstone: the payment is already given back.
      if (purchase.status === "refunded") {
        if (Object.keys(ids).length > 0) {
          await tx.update(purchases).set(ids).where(eq(purchases.id, purchase.id));
        }
        return "stale";
      }
      // Pending, or written off (expired, failed) before this late payment arrived: the money is
      // real, so it counts, unless the buyer already owns the story through another purchase.
      if (purchase.kind === "story" && purchase.userId !== null && purchase.storyId !== null) {
        const others = await tx
          .select()
          .from(purchases)
          .where(
            and(
              eq(purchases.userId, purchase.userId),
              eq(purchases.storyId, purchase.storyId),
              eq(purchases.kind, "story"),
              ne(purchases.id, purchase.id),
              inArray(purchases.status, ["pending", "paid"]),
            ),
          )
          .for("update");
        if (others.some((other) => other.status === "paid")) {
          const paymentId = event.paymentId ?? purchase.providerPaymentId;
          await tx
            .update(purchases)
            .set({
              ...ids,
              status: "refunded",
              refundReason: "duplicate",
              paidAt: now,
              refundedAt: now,
              updatedAt: now,
            })
            .where(eq(purchases.id, purchase.id));
          // Inside the transaction: if the provider refuses, nothing is recorded and the event
          // is retried; the refund's key makes the retry refund once.
          if (paymentId !== null) await effects.refundDuplicate(paymentId);
          return "duplicate-refunded";
        }
        // Another open checkout of the same story is superseded by this payment.
        for (const other of others) {
          await tx
            .update(purchases)
            .set({ status: "expired", updatedAt: now })
            .where(eq(purchases.id, other.id));
        }
      }
      await tx
        .update(purchases)
        .set({ ...ids, status: "paid", paidAt: now, updatedAt: now })
        .where(eq(purchases.id, purchase.id));
      if (purchase.kind === "story") {
        await tx
          .insert(earnings)
          .values({
            id: nanoid(16),
            authorId: purchase.authorId,
            purchaseId: purchase.id,
            storyId: purchase.storyId,
            kind: "sale",
            amountCents: purchase.authorShareCents,
            currency: purchase.currency,
          })
          .onConflictDoNothing();
      } else if (purchase.userId !== null) {
        await grantBoughtPremium(tx, purchase, purchase.userId, now);
      }
      return "applied";
    }
    case "expired":
    case "failed": {
      if (purchase.status !== "pending") return "stale";
      await tx
        .update(purchases)
        .set({ ...ids, status: event.action, updatedAt: now })
        .where(eq(purchases.id, purchase.id));
      return "applied";
    }
    case "refunded": {
      if (purchase.status === "refunded") return "already-applied";
      if (purchase.status === "paid") {
        if (Object.keys(ids).length > 0) {
          await tx.update(purchases).set(ids).where(eq(purchases.id, purchase.id));
        }
        await refundPaid(tx, purchase, "provider");
        return "applied";
      }
      // Refunded before we heard it was paid: the tombstone keeps a later "completed" from
      // giving the story away.
      await tx
        .update(purchases)
        .set({
          ...ids,
          status: "refunded",
          refundReason: "provider",
          refundedAt: now,
          updatedAt: now,
        })
        .where(eq(purchases.id, purchase.id));
      return "refund-before-paid";
    }
    case "ignored":
      return "ignored";
  }
}

/** A paid purchase given back: access (or the premium period) goes, the author's share reverses. */
async function refundPaid(tx: Tx, purchase: PurchaseRecord, reason: string): Promise<void> {
  const now = new Date();
  await tx
    .update(purchases)
    .set({ status: "refunded", refundReason: reason, refundedAt: now, updatedAt: now })
    .where(eq(purchases.id, purchase.id));
  if (purchase.kind === "story") {
    const [sale] = await tx
      .select()
      .from(earnings)
      .where(and(eq(earnings.purchaseId, purchase.id), eq(earnings.kind, "sale")));
    if (sale) {
      await tx
        .insert(earnings)
        .values({
          id: nanoid(16),
          authorId: sale.authorId,
          purchaseId: purchase.id,
          storyId: sale.storyId,
          kind: "refund",
          amountCents: -sale.amountCents,
          currency: sale.currency,
        })
        .onConflictDoNothing();
    }
  } else if (purchase.userId !== null) {
    await tx
      .update(premiumGrants)
      .set({ revokedAt: now })
      .where(and(eq(premiumGrants.purchaseId, purchase.id), isNull(premiumGrants.revokedAt)));
    await recomputePremium(tx, purchase.userId);
  }
}

/** A bought period starts when the current premium ends (or now), so buying early loses nothing. */
async function grantBoughtPremium(
  tx: Tx,
  purchase: PurchaseRecord,
  userId: string,
  now: Date,
): Promise<void> {
  const [user] = await tx
    .select({ premiumUntil: users.premiumUntil })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user) return;
  const startsAt = user.premiumUntil !== null && user.premiumUntil > now ? user.premiumUntil : now;
  await tx.insert(premiumGrants).values({
    id: nanoid(16),
    userId,
    source: "purchase",
    purchaseId: purchase.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + (purchase.premiumDays ?? 0) * DAY_MS),
  });
  await recomputePremium(tx, userId);
}

/** users.premium_until = the latest end of the grants not revoked (null when there is none). */
async function recomputePremium(tx: Runner, userId: string): Promise<Date | null> {
  const [row] = await tx
    .update(users)
    .set({
      premiumUntil: sql`(select max(${premiumGrants.endsAt}) from ${premiumGrants}
        where ${premiumGrants.userId} = ${userId} and ${premiumGrants.revokedAt} is null)`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ premiumUntil: users.premiumUntil });
  return row?.premiumUntil ?? null;
}
