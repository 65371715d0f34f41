import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { like, sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database.js";
import { StoredRateLimiter, turnsPerBatch } from "./rate-limit-queries.js";
import { rateLimits } from "../db/schema.js";

// Turns counted in the database in batches (docs/decisions/036): each limiter below is what one
// api replica holds; two on one database are two replicas of one site.

const DETAIL = "Too many.";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.dispose());

const replica = (name: string, turns: number) =>
  new StoredRateLimiter(database.handle.db, { name, turns, windowSeconds: 60 });

/** Takes a turn: true when given, false when refused as rate_limited (anything else throws). */
async function take(limiter: StoredRateLimiter, key: string): Promise<boolean> {
  try {
    await limiter.takeTurn(key, DETAIL);
    return true;
  } catch (error) {
    expect(error).toMatchObject({ kind: "rate_limited", detail: DETAIL });
    return false;
  }
}

/** The turns the database has counted for a limit (one key each in these tests). */
async function stored(name: string): Promise<number> {
  const rows = await database.handle.db
    .select({ points: rateLimits.points })
    .from(rateLimits)
    .where(like(rateLimits.key, `${name}:%`));
  return rows.reduce((sum, row) => sum + row.points, 0);
}

describe("batches of turns", () => {
  it("are a hundredth of the limit, from 1 under 200 turns up to 100", () => {
    expect([5, 30, 199, 200, 1200, 1_000_000].map(turnsPerBatch)).toEqual([1, 1, 1, 2, 12, 100]);
  });

  it("count a small limit turn by turn, exactly, across two replicas", async () => {
    const [first, second] = [replica("exact", 5), replica("exact", 5)];
    const given: boolean[] = [];
    for (let i = 0; i < 8; i += 1) given.push(await take(i % 2 === 0 ? first : second, "a"));
    expect(given).toEqual([true, true, true, true, true, false, false, false]);
    // Each replica's first refusal reaches the database; the later ones are refused from memory.
    expect(await stored("exact")).toBe(7);
  });

  it("write a busy key's turns to the database every batch, and still refuse the one past the limit", async () => {
    const limiter = replica("batched", 200);
    for (let i = 0; i < 200; i += 1) expect(await take(limiter, "b")).toBe(true);
    // The first turn at once, then two at a time: the 200th is still in this replica's memory.
    expect(await stored("batched")).toBe(199);
    expect(await take(limiter, "b")).toBe(false);
    // Refused from memory from now on, without writing.
    expect(await take(limiter, "b")).toBe(false);
    expect(await stored("batched")).toBe(201);
  });

  it("hold a limit across two replicas, passed by at most one batch less a turn on each", async () => {
    const replicas = [replica("shared", 200), replica("shared", 200)];
    let given = 0;
    for (let i = 0; i < 240; i += 1) {
      if (await take(replicas[i % 2] as StoredRateLimiter, "c")) given += 1;
    }
    expect(given).toBeGreaterThanOrEqual(200);
    expect(given).toBeLessThanOrEqual(200 + 2 * (turnsPerBatch(200) - 1));
  });

  it("start a key's count again once its window in the database has ended", async () => {
    const limiter = replica("renewed", 5);
    for (let i = 0; i < 5; i += 1) expect(await take(limiter, "f")).toBe(true);
    expect(await take(limiter, "f")).toBe(false);
    // The window ends for every replica; one that has not refused the key yet counts it afresh.
    await database.handle.db
      .update(rateLimits)
      .set({ expire: sql`now() - interval '1 second'` })
      .where(like(rateLimits.key, "renewed:%"));
    expect(await take(replica("renewed", 5), "f")).toBe(true);
    expect(await stored("renewed")).toBe(1);
    const [row] = await database.handle.db
      .select({ expire: rateLimits.expire })
      .from(rateLimits)
      .where(like(rateLimits.key, "renewed:%"));
    expect(row?.expire?.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it("keep keys apart", async () => {
    const limiter = replica("apart", 5);
    for (let i = 0; i < 5; i += 1) expect(await take(limiter, "d")).toBe(true);
    expect(await take(limiter, "d")).toBe(false);
    expect(await take(limiter, "e")).toBe(true);
  });
});
