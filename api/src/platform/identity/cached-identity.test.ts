import { describe, expect, it } from "vitest";
import { fakeIdentity } from "../../testing/fake-identity.js";
import { cachedIdentity } from "./cached-identity.js";
import type { IdentityProvider } from "./identity-provider.js";

/** The fake identity, counting the verifications that reach it; tokens expire at `expiresAt`. */
function counting(expiresAt: number) {
  const inner = fakeIdentity();
  const calls = { verify: 0 };
  const provider: IdentityProvider = {
    async verifyIdToken(token) {
      calls.verify += 1;
      return { ...(await inner.verifyIdToken(token)), expiresAt };
    },
    deleteUser: (uid) => inner.deleteUser(uid),
    close: () => inner.close(),
  };
  return { provider, calls };
}

describe("the verified-token cache", () => {
  it("asks once per token until the token expires or the cache's age passes", async () => {
    let now = 1_000_000;
    const { provider, calls } = counting(now + 60_000);
    const identity = cachedIdentity(provider, { maxAgeMs: 30_000, maxEntries: 10 }, () => now);
    await Promise.all([identity.verifyIdToken("user:a"), identity.verifyIdToken("user:a")]);
    await identity.verifyIdToken("user:a");
    expect(calls.verify).toBe(1);
    now += 31_000;
    await identity.verifyIdToken("user:a");
    expect(calls.verify).toBe(2);

    const { provider: expiring, calls: expiringCalls } = counting(now + 5_000);
    const short = cachedIdentity(expiring, { maxAgeMs: 30_000, maxEntries: 10 }, () => now);
    await short.verifyIdToken("user:b");
    now += 6_000;
    await short.verifyIdToken("user:b");
    expect(expiringCalls.verify).toBe(2);
  });

  it("keeps at most maxEntries tokens, never a refused one, and forgets a deleted user's", async () => {
    const { provider, calls } = counting(Date.now() + 60_000);
    const identity = cachedIdentity(provider, { maxAgeMs: 30_000, maxEntries: 2 });
    for (const token of ["user:a", "user:b", "user:c", "user:a"])
      await identity.verifyIdToken(token);
    expect(calls.verify).toBe(4);
    await expect(identity.verifyIdToken("forged")).rejects.toThrow();
    await expect(identity.verifyIdToken("forged")).rejects.toThrow();
    expect(calls.verify).toBe(6);
    await identity.verifyIdToken("user:c");
    expect(calls.verify).toBe(6);
    await identity.deleteUser("c");
    await identity.verifyIdToken("user:c");
    expect(calls.verify).toBe(7);
  });
});
