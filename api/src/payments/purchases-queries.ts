import { and, desc, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import { nanoid } from "nanoid";
import type { KeysetPosition } from "../platform/lib/cursor.js";
import type { Database } from "../platform/db/database.js";
import {
  paymentEvents,
  purchases,
  stories,
  users,
  type PurchaseRecord,
  type StoryRecord,
} from "../platform/db/schema.js";

// Purchases and the webhook's event log (migrations/0008_payments.sql): the SQL only. What an
// event or a refund does is decided in purchase-rules.ts and applied by the use cases
// (payment-events.ts, refunds.ts), each in one transaction with the event's row
// (docs/decisions/031-payments.md).

export type Page<T> = Array<{ item: T; position: KeysetPosition }>;

export const before = (at: unknown, id: unknown, position: KeysetPosition | null) =>
  position ? sql`(${at}, ${id}) < (${position.at}::timestamptz, ${position.id})` : undefined;

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

/** The columns of a purchase that its events and refunds write. */
export type PurchaseUpdate = Partial<
  Pick<
    PurchaseRecord,
    | "status"
    | "refundReason"
    | "paidAt"
    | "refundedAt"
    | "updatedAt"
    | "providerSessionId"
    | "providerPaymentId"
  >
>;

/** A row of the event log. */
export type PaymentEventRecord = typeof paymentEvents.$inferSelect;

/** How an event names its purchase: our id, the provider's session, the provider's payment. */
export interface PurchaseKeys {
  purchaseId: string | null;
  sessionId: string | null;
  paymentId: string | null;
}

/** One row of the event log: a provider's event, or an admin's refund. */
export interface EventRow {
  eventId: string;
  type: string;
  payload: unknown;
  purchaseId?: string | null;
  outcome?: string | null;
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

  /** The purchase's event log, oldest first. */
  async events(purchaseId: string): Promise<PaymentEventRecord[]> {
    return this.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.purchaseId, purchaseId))
      .orderBy(paymentEvents.receivedAt, paymentEvents.eventId);
  }

  /** Records an event once: false when the row is there already (a redelivery, even a concurrent one). */
  async recordEvent(provider: string, row: EventRow): Promise<boolean> {
    const recorded = await this.db
      .insert(paymentEvents)
      .values({ provider, ...row, payload: row.payload as object })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    return recorded.length > 0;
  }

  /**
   * Records an event, or gives an existing row of the same id a new outcome and payload (an admin
   * asking again for a refund the provider refused).
   */
  async recordOrRenewEvent(provider: string, row: EventRow): Promise<void> {
    await this.db
      .insert(paymentEvents)
      .values({ provider, ...row, payload: row.payload as object })
      .onConflictDoUpdate({
        target: [paymentEvents.provider, paymentEvents.eventId],
        set: { outcome: row.outcome ?? null, payload: row.payload as object },
      });
  }

  /** The outcome of one event of the log, or null when there is no such row (or no outcome). */
  async eventOutcome(provider: string, eventId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
    return row?.outcome ?? null;
  }

  /** What handling the event did, and the purchase it was about. */
  async setEventOutcome(
    provider: string,
    eventId: string,
    purchaseId: string | null,
    outcome: string,
  ): Promise<void> {
    await this.db
      .update(paymentEvents)
      .set({ purchaseId, outcome })
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
  }

  /** The purchase an event is about, locked: by our id, else by the provider's session or payment. */
  async lockByKeys(provider: string, keys: PurchaseKeys): Promise<PurchaseRecord | null> {
    const matches = [
      keys.purchaseId === null ? undefined : eq(purchases.id, keys.purchaseId),
      keys.sessionId === null ? undefined : eq(purchases.providerSessionId, keys.sessionId),
      keys.paymentId === null ? undefined : eq(purchases.providerPaymentId, keys.paymentId),
    ].filter((match) => match !== undefined);
    if (matches.length === 0) return null;
    const [row] = await this.db
      .select()
      .from(purchases)
      // Another integration's events on the same account are not ours (they name no purchase of ours).
      .where(and(eq(purchases.provider, provider), or(...matches)))
      .limit(1)
      .for("update");
    return row ?? null;
  }

  async lockById(id: string): Promise<PurchaseRecord | null> {
    const [row] = await this.db.select().from(purchases).where(eq(purchases.id, id)).for("update");
    return row ?? null;
  }

  /**
   * A purchase's story as its payment completes, its row held (FOR SHARE) so that a price change
   * waits for the payment's transaction, or this one for the change; null when it is gone.
   */
  async lockStoryOnSale(
    storyId: string,
  ): Promise<Pick<
    StoryRecord,
    "authorId" | "status" | "isPublic" | "moderationStatus" | "priceCents"
  > | null> {
    const [story] = await this.db
      .select({
        authorId: stories.authorId,
        status: stories.status,
        isPublic: stories.isPublic,
        moderationStatus: stories.moderationStatus,
        priceCents: stories.priceCents,
      })
      .from(stories)
      .where(eq(stories.id, storyId))
      .for("share");
    return story ?? null;
  }

  /** The buyer's other pending or paid purchases of the same story, locked. */
  async lockOtherOpenStoryPurchases(
    purchase: Pick<PurchaseRecord, "id"> & { userId: string; storyId: string },
  ): Promise<PurchaseRecord[]> {
    return this.db
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
  }

  async update(id: string, changes: PurchaseUpdate): Promise<void> {
    await this.db.update(purchases).set(changes).where(eq(purchases.id, id));
  }

  /** Open checkouts superseded by a payment of the same story. */
  async expire(ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(purchases)
      .set({ status: "expired", updatedAt: at })
      .where(inArray(purchases.id, [...ids]));
  }
}
