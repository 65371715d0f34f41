import { and, eq } from "drizzle-orm";
import { earnings, paymentEvents, purchases, stories, users } from "../platform/db/schema.js";
import { storyIn, type TestPerson } from "./story-fixtures.js";
import type { TestApi } from "./test-api.js";

/** A completed, public, approved story of `author` with a price (as the price route would set it). */
export async function pricedStory(
  api: TestApi,
  author: TestPerson,
  priceCents: number | null = 199,
): Promise<string> {
  const publicId = await storyIn(api, author, "completed", { isPublic: true });
  await api.database.db
    .update(stories)
    .set({ priceCents, pricedAt: priceCents === null ? null : new Date() })
    .where(eq(stories.publicId, publicId));
  return publicId;
}

/** Whether `reader` owns the story: the paid purchase access reads (decision 030). */
export async function owns(api: TestApi, reader: TestPerson, publicId: string): Promise<boolean> {
  const db = api.database.db;
  const [story] = await db.select().from(stories).where(eq(stories.publicId, publicId));
  if (!story) return false;
  const rows = await db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.kind, "story"),
        eq(purchases.storyId, story.id),
        eq(purchases.userId, reader.id),
        eq(purchases.status, "paid"),
      ),
    );
  return rows.length > 0;
}

export async function purchaseRow(api: TestApi, id: string) {
  const [row] = await api.database.db.select().from(purchases).where(eq(purchases.id, id));
  if (!row) throw new Error(`no purchase ${id}`);
  return row;
}

export async function earningsOf(api: TestApi, purchaseId: string) {
  return api.database.db
    .select()
    .from(earnings)
    .where(eq(earnings.purchaseId, purchaseId))
    .orderBy(earnings.createdAt);
}

export async function eventsOf(api: TestApi, purchaseId: string) {
  return api.database.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.purchaseId, purchaseId));
}

export async function makeAdmin(api: TestApi, person: TestPerson): Promise<void> {
  await api.database.db
    .update(users)
    .set({ roles: ["admin"] })
    .where(eq(users.id, person.id));
}

/** Waits for a condition the api reaches on its own (a webhook after a refund), never sleeping blind. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
