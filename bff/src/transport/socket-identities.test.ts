// The identities remembered for graphql-ws sockets (decision 042): until the token's expiry, at
// most the bound, never a token without an expiry.
import { describe, expect, it } from "vitest";
import { createSocketIdentities, tokenExpiry } from "./socket-identities.js";

/** A token shaped as a JWT with these claims (the signature is the api's business). */
function bearer(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `Bearer ${part({ alg: "RS256" })}.${part(claims)}.signature`;
}

const NOW = Date.UTC(2026, 10, 27, 12);
const inAnHour = Math.floor(NOW / 1000) + 3600;

describe("tokenExpiry", () => {
  it("reads the exp claim in milliseconds, or null when there is none or it is not a JWT", () => {
    expect(tokenExpiry(bearer({ exp: inAnHour, sub: "u" }))).toBe(inAnHour * 1000);
    expect(tokenExpiry(bearer({ sub: "u" }))).toBeNull();
    expect(tokenExpiry(bearer({ exp: "soon" }))).toBeNull();
    expect(tokenExpiry("Bearer not-a-token")).toBeNull();
    expect(tokenExpiry("Bearer a.%%%.c")).toBeNull();
  });
});

describe("createSocketIdentities", () => {
  it("knows a remembered token until its expiry, then forgets it", () => {
    const identities = createSocketIdentities();
    const token = bearer({ exp: inAnHour });
    expect(identities.known(token, NOW)).toBeNull();
    identities.remember(token, "user-1", NOW);
    expect(identities.known(token, NOW)).toBe("user-1");
    expect(identities.known(token, inAnHour * 1000 - 1)).toBe("user-1");
    expect(identities.known(token, inAnHour * 1000)).toBeNull();
    expect(identities.size).toBe(0);
  });

  it("never confuses two tokens, and does not remember one without an expiry or already expired", () => {
    const identities = createSocketIdentities();
    const first = bearer({ exp: inAnHour, sub: "a" });
    const second = bearer({ exp: inAnHour, sub: "b" });
    identities.remember(first, "user-a", NOW);
    expect(identities.known(second, NOW)).toBeNull();
    identities.remember(second, "user-b", NOW);
    expect(identities.known(first, NOW)).toBe("user-a");
    expect(identities.known(second, NOW)).toBe("user-b");

    identities.remember(bearer({ sub: "c" }), "user-c", NOW);
    identities.remember(bearer({ exp: Math.floor(NOW / 1000) - 1 }), "user-d", NOW);
    expect(identities.size).toBe(2);
  });

  it("holds at most its bound, forgetting the oldest first", () => {
    const identities = createSocketIdentities(3);
    const tokens = [1, 2, 3, 4].map((n) => bearer({ exp: inAnHour, n }));
    tokens.forEach((token, index) => identities.remember(token, `user-${index}`, NOW));
    expect(identities.size).toBe(3);
    expect(identities.known(tokens[0] ?? "", NOW)).toBeNull();
    expect(tokens.slice(1).map((token) => identities.known(token, NOW))).toEqual([
      "user-1",
      "user-2",
      "user-3",
    ]);
  });
});
