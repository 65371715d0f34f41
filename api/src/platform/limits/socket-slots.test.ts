import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPerson, type TestPerson } from "../../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../../testing/test-api.js";
import { TOO_MANY_SOCKETS_FOR_PERSON, TOO_MANY_SOCKETS_FROM_ADDRESS } from "./socket-slots.js";

// The bff replicas' WebSocket slots (docs/decisions/050): a cap per person and per address held
// in the database, slots kept by renewing their leases, freed by a release or when a lease ends.

const LEASE_SECONDS = 1;
const BASE = "/v1/limits/socket-slots";

let api: TestApi;
let person: TestPerson;
beforeAll(async () => {
  api = await startTestApi(undefined, {
    addressLimits: {
      anonymousRequestsPerMinute: 5,
      storyStartsPerAddress: 0,
      socketSlotLeaseSeconds: LEASE_SECONDS,
    },
  });
  person = await newPerson(api, "socketeer");
});
afterAll(() => api?.close());

const take = (max: number, headers: Record<string, string>) =>
  api.app.inject({ method: "POST", url: BASE, headers, payload: { max } });
const fromAddress = (address: string) => ({ "x-forwarded-for": address });
const post = (path: string, slots: string[]) =>
  api.app.inject({ method: "POST", url: `${BASE}/${path}`, payload: { slots } });

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("socket slots", () => {
  it("gives an address at most `max` slots at once, even asked all together", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => take(3, fromAddress("203.0.113.50"))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ detail: TOO_MANY_SOCKETS_FROM_ADDRESS });
    expect(refused.headers["retry-after"]).toBe(String(LEASE_SECONDS));
    const taken = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(taken).toEqual({ slot: expect.any(String), leaseSeconds: LEASE_SECONDS });
    // Another address has its own slots.
    expect((await take(3, fromAddress("203.0.113.51"))).statusCode).toBe(200);
  });

  it("counts a signed-in caller's slots per person, whatever the address", async () => {
    const first = await take(1, { ...person.headers, ...fromAddress("203.0.113.52") });
    expect(first.statusCode).toBe(200);
    const second = await take(1, { ...person.headers, ...fromAddress("203.0.113.53") });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ detail: TOO_MANY_SOCKETS_FOR_PERSON });
    await post("release", [first.json().slot]);
  });

  it("frees a released slot at once, and a slot whose lease ended unrenewed", async () => {
    const address = fromAddress("203.0.113.54");
    const kept = (await take(2, address)).json().slot as string;
    const released = (await take(2, address)).json().slot as string;
    expect((await take(2, address)).statusCode).toBe(429);
    expect((await post("release", [released])).statusCode).toBe(204);
    const abandoned = (await take(2, address)).json().slot as string;
    expect((await take(2, address)).statusCode).toBe(429);
    // `kept` is renewed (its replica lives), `abandoned` is not (its replica crashed): once the
    // lease ends one slot comes back, and the renewal says the abandoned one is gone.
    await until(async () => {
      expect((await post("renew", [kept])).json().slots).toEqual([kept]);
      return (await take(2, address)).statusCode === 200;
    }, "the unrenewed lease to end");
    expect((await post("renew", [kept, abandoned])).json().slots).toEqual([kept]);
    expect((await take(2, address)).statusCode).toBe(429);
  });

  it("is not counted against the visitors' per-address request limit", async () => {
    const address = fromAddress("203.0.113.55");
    for (let i = 0; i < 8; i++) {
      const slot = (await take(100, address)).json().slot as string;
      expect((await post("renew", [slot])).statusCode).toBe(200);
      expect((await post("release", [slot])).statusCode).toBe(204);
    }
  });

  it("refuses a malformed body with a typed 422", async () => {
    const answer = await take(0, fromAddress("203.0.113.56"));
    expect(answer.statusCode).toBe(422);
  });
});
