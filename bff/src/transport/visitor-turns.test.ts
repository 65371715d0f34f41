import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type ApiProcess } from "../testing/stack.js";
import { countAnonymousTurns, type CountTurns } from "../upstream/anonymous-turns.js";
import { connectRest, type RestConnection } from "../upstream/rest-client.js";
import { createVisitorTurns, turnsPerBatch } from "./visitor-turns.js";

// The visitor cache's turns at the api (docs/decisions/037-bff-visitor-cache.md), against a real
// api whose limit (300 a minute) is counted in batches: 300 / 100 = 3 turns a batch.

const LIMIT = 300;
const BATCH = 3;
const FLUSH_MS = 150;

let api: ApiProcess;
let rest: RestConnection;
let address = 0;

beforeAll(async () => {
  api = await startApi({ ANONYMOUS_REQUESTS_PER_MINUTE: String(LIMIT) });
  rest = connectRest(api.url, 1000);
});
afterAll(async () => {
  await rest?.close();
  await api?.stop();
});

/** The real count at the api, with the batches it was sent, for a fresh address. */
function setUp() {
  address += 1;
  const key = `203.0.113.${address}`;
  const client = { "x-forwarded-for": key };
  const real = countAnonymousTurns(rest);
  const sent: number[] = [];
  const count: CountTurns = (headers, turns) => {
    sent.push(turns);
    return real(headers, turns);
  };
  const turns = createVisitorTurns(count, FLUSH_MS);
  /** The turns the api has counted for the address (asking takes one more). */
  const countedAtApi = async () => {
    const answer = await real(client, 1);
    if (!answer.counted) throw new Error("refused");
    return LIMIT - answer.remaining - 1;
  };
  return { key, client, sent, turns, real, countedAtApi };
}

describe("the visitor cache's turns", () => {
  it("follows the api's batch rule", () => {
    expect(turnsPerBatch(40)).toBe(1);
    expect(turnsPerBatch(199)).toBe(1);
    expect(turnsPerBatch(LIMIT)).toBe(BATCH);
    expect(turnsPerBatch(1200)).toBe(12);
    // 1/100 of the limit, up to the most one call to the api may count.
    expect(turnsPerBatch(10_000)).toBe(100);
    expect(turnsPerBatch(1_000_000)).toBe(100);
  });

  it("asks the api before answering until it knows the limit, then counts in batches", async () => {
    const { key, client, sent, turns, countedAtApi } = setUp();
    const first = turns.take(key, client);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe(0);
    expect(sent).toEqual([1]);
    // Limit 300 learnt: answers from memory; the third fills a batch, which is sent at once.
    expect(turns.take(key, client)).toBe(0);
    expect(turns.take(key, client)).toBe(0);
    expect(sent).toEqual([1]);
    expect(turns.take(key, client)).toBe(0);
    expect(sent).toEqual([1, BATCH]);
    await turns.flush();
    expect(await countedAtApi()).toBe(1 + BATCH);
    await turns.close();
  });

  it("makes the answer that fills a second batch wait while the first is on its way", async () => {
    const { key, client, sent, turns, countedAtApi } = setUp();
    await turns.take(key, client);
    for (let i = 1; i < BATCH; i += 1) expect(turns.take(key, client)).toBe(0);
    expect(turns.take(key, client)).toBe(0);
    expect(sent).toEqual([1, BATCH]);
    // The first batch has not been answered yet (nothing was awaited since it was sent).
    for (let i = 1; i < BATCH; i += 1) expect(turns.take(key, client)).toBe(0);
    const waiting = turns.take(key, client);
    expect(waiting).toBeInstanceOf(Promise);
    expect(sent).toEqual([1, BATCH]);
    expect(await waiting).toBe(0);
    expect(sent).toEqual([1, BATCH, BATCH]);
    await turns.flush();
    expect(await countedAtApi()).toBe(1 + 2 * BATCH);
    await turns.close();
  });

  it("sends a batch that is not full on its timer, so no turn is lost", async () => {
    const { key, client, sent, turns, countedAtApi } = setUp();
    await turns.take(key, client);
    expect(turns.take(key, client)).toBe(0);
    expect(turns.take(key, client)).toBe(0);
    await expect.poll(() => sent, { timeout: 5000, interval: 20 }).toEqual([1, 2]);
    expect(await countedAtApi()).toBe(3);
    await turns.close();
  });

  it("sends what it holds when it closes", async () => {
    const { key, client, sent, turns, countedAtApi } = setUp();
    await turns.take(key, client);
    expect(turns.take(key, client)).toBe(0);
    await turns.close();
    expect(sent).toEqual([1, 1]);
    expect(await countedAtApi()).toBe(2);
  });

  it("refuses an address from memory once the api said it is over, until its Retry-After", async () => {
    const { key, client, sent, turns, real } = setUp();
    await turns.take(key, client);
    // The address's other requests (the api's own, other bff replicas) use up the minute.
    for (let used = 1; used < LIMIT; used += 100) await real(client, Math.min(100, LIMIT - used));
    // A full batch goes out with the answer that filled it already sent; the api refuses it.
    for (let i = 0; i < BATCH; i += 1) expect(turns.take(key, client)).toBe(0);
    await turns.flush();
    const before = sent.length;
    const refused = turns.take(key, client);
    expect(typeof refused).toBe("number");
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(60);
    const again = turns.take(key, client);
    expect(typeof again).toBe("number");
    expect(again).toBeGreaterThan(0);
    expect(turns.refusedFor(key)).toBeGreaterThan(0);
    expect(sent).toHaveLength(before);
    // Another address is not held back.
    expect(turns.refusedFor("203.0.113.250")).toBe(0);
    await turns.close();
  });

  it("asks once, then counts nothing, while the api's limit is off", async () => {
    const open = await startApi({ ANONYMOUS_REQUESTS_PER_MINUTE: "0" });
    const openRest = connectRest(open.url, 100);
    try {
      const real = countAnonymousTurns(openRest);
      const sent: number[] = [];
      const turns = createVisitorTurns((client, count) => {
        sent.push(count);
        return real(client, count);
      }, FLUSH_MS);
      const client = { "x-forwarded-for": "203.0.113.252" };
      expect(await turns.take("203.0.113.252", client)).toBe(0);
      for (let i = 0; i < 20; i += 1) expect(turns.take("203.0.113.252", client)).toBe(0);
      await turns.close();
      expect(sent).toEqual([1]);
    } finally {
      await openRest.close();
      await open.stop();
    }
  });

  it("leaves a turn the api could not count to the api itself (null)", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = connectRest(`http://127.0.0.1:${port}`, 10);
    const turns = createVisitorTurns(countAnonymousTurns(down), FLUSH_MS);
    expect(await turns.take("203.0.113.251", { "x-forwarded-for": "203.0.113.251" })).toBeNull();
    await turns.close();
    await down.close();
  });
});
