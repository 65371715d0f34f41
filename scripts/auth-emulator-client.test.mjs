import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { signedInBeforeIssued, signUp } from "./lib/auth-emulator-client.mjs";

// The tests' client of the Auth emulator sends a request again when the connection it went out on
// was closed under it (the emulator's idle timer against a busy machine), and only then; and it
// never hands out a new user's token that the emulator stamped as signed in before it was valid.

let server;
afterEach(() => new Promise((resolve) => (server ? server.close(resolve) : resolve())));

/** An unsigned token as the emulator writes them, with these times (seconds). */
function emulatorToken({ authTime, iat }) {
  const enc = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${enc({ alg: "none", typ: "JWT" })}.${enc({ auth_time: authTime, iat, sub: "uid" })}.`;
}

/**
 * A stand-in for the emulator that closes the first `drops` connections' requests unanswered;
 * its sign-up answers a token signed in `lag` seconds before it was issued.
 */
async function emulatorDropping(drops, lag = 0) {
  let seen = 0;
  const paths = [];
  server = createServer((request, response) => {
    seen += 1;
    if (seen <= drops) {
      request.socket.destroy();
      return;
    }
    paths.push(new URL(request.url, "http://x").pathname);
    const signIn = request.url.includes("signInWithPassword");
    const idToken = emulatorToken({ authTime: 1000, iat: signIn ? 1000 : 1000 + lag });
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ idToken, localId: "uid", seen, refreshToken: `r${seen}` }));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { host: `127.0.0.1:${server.address().port}`, paths };
}

describe("auth emulator client", () => {
  it("sends the request again when its connection was closed under it", async () => {
    const { host } = await emulatorDropping(1);
    await expect(signUp(host, "a@example.com")).resolves.toMatchObject({ localId: "uid", seen: 2 });
  });

  it("gives up after three closed connections", async () => {
    const { host } = await emulatorDropping(3);
    await expect(signUp(host, "b@example.com")).rejects.toThrow("fetch failed");
  });

  it("keeps a new user's token signed in the second it was issued", async () => {
    const { host, paths } = await emulatorDropping(0, 0);
    const user = await signUp(host, "c@example.com");
    expect(signedInBeforeIssued(user.idToken)).toBe(false);
    expect(paths).toEqual(["/identitytoolkit.googleapis.com/v1/accounts:signUp"]);
  });

  it("trades a token signed in a second before it was issued for a fresh sign-in's", async () => {
    const { host, paths } = await emulatorDropping(0, 1);
    const user = await signUp(host, "d@example.com");
    expect(paths).toEqual([
      "/identitytoolkit.googleapis.com/v1/accounts:signUp",
      "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword",
    ]);
    expect(user).toMatchObject({ localId: "uid", refreshToken: "r2" });
    expect(signedInBeforeIssued(user.idToken)).toBe(false);
  });
});
