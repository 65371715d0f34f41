import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { signUp } from "./lib/auth-emulator-client.mjs";

// The tests' client of the Auth emulator sends a request again when the connection it went out on
// was closed under it (the emulator's idle timer against a busy machine), and only then.

let server;
afterEach(() => new Promise((resolve) => (server ? server.close(resolve) : resolve())));

/** A stand-in for the emulator that closes the first `drops` connections' requests unanswered. */
async function emulatorDropping(drops) {
  let seen = 0;
  server = createServer((request, response) => {
    seen += 1;
    if (seen <= drops) {
      request.socket.destroy();
      return;
    }
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ idToken: "token", localId: "uid", seen }));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `127.0.0.1:${server.address().port}`;
}

describe("auth emulator client", () => {
  it("sends the request again when its connection was closed under it", async () => {
    const host = await emulatorDropping(1);
    await expect(signUp(host, "a@example.com")).resolves.toMatchObject({ localId: "uid", seen: 2 });
  });

  it("gives up after three closed connections", async () => {
    const host = await emulatorDropping(3);
    await expect(signUp(host, "b@example.com")).rejects.toThrow("fetch failed");
  });
});
