// The WebSocket caps hold across bff replicas (docs/decisions/050): each replica takes a slot at
// the api for every socket, per address at the upgrade and per person at connection_init. Two
// replicas on one api share one cap; a replica killed without a word stops renewing its slots,
// which come back once their lease ends. And a socket lives no longer than the token it was
// admitted with: at its expiry the bff closes it with 4401.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { signUp, uniqueEmail } from "../../../scripts/lib/auth-emulator-client.mjs";
import { startProcess } from "../../../scripts/lib/processes.mjs";
import { startApi, startBff, type ApiProcess, type Bff } from "../testing/stack.js";
import { tokenExpiry } from "./socket-identities.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const LEASE_SECONDS = 4;
const PER_USER = 2;
const PER_ADDRESS = 3;
const caps = {
  WS_MAX_SOCKETS_PER_USER: String(PER_USER),
  WS_MAX_SOCKETS_PER_ADDRESS: String(PER_ADDRESS),
};

/** How one socket ended up: acknowledged, refused at the upgrade (status) or closed (code). */
type Outcome = "acked" | { status: number } | { code: number };

/** Opens a graphql-ws socket from `address` (X-Forwarded-For) and says how its init went. */
function open(url: string, address: string, authorization?: string) {
  const socket = new WebSocket(`${url.replace("http", "ws")}/graphql`, "graphql-transport-ws", {
    headers: { "x-forwarded-for": address },
  });
  const outcome = new Promise<Outcome>((resolve) => {
    socket.once("unexpected-response", (_request, response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
    });
    socket.once("open", () =>
      socket.send(
        JSON.stringify({
          type: "connection_init",
          payload: authorization ? { authorization } : {},
        }),
      ),
    );
    socket.on("message", (data) => {
      if (JSON.parse(data.toString()).type === "connection_ack") resolve("acked");
    });
    socket.once("close", (code) => {
      closes.set(socket, code);
      resolve({ code });
    });
    socket.on("error", () => {});
  });
  return { socket, outcome };
}

const allSockets: WebSocket[] = [];
const closes = new Map<WebSocket, number>();
async function outcomeOf(url: string, address: string, authorization?: string) {
  return (await opened(url, address, authorization)).outcome;
}

async function opened(url: string, address: string, authorization?: string) {
  const { socket, outcome } = open(url, address, authorization);
  allSockets.push(socket);
  return { socket, outcome: await outcome };
}

/** Tries until the outcome is `wanted` (a slot comes back a moment or a lease later). */
async function until(attempt: () => Promise<Outcome>, wanted: Outcome, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let result = await attempt();
  while (JSON.stringify(result) !== JSON.stringify(wanted) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    result = await attempt();
  }
  return result;
}

let api: ApiProcess;
let first: Bff;
let second: Bff;
/** The clock of `third`'s sockets, `shift` ms ahead of the real one. */
let shift = 0;
let third: Bff;
beforeAll(async () => {
  api = await startApi({ SOCKET_SLOT_LEASE_SECONDS: String(LEASE_SECONDS) });
  first = await startBff(api.url, caps);
  second = await startBff(api.url, caps);
  third = await startBff(api.url, {}, { now: () => Date.now() + shift });
  // Starting an api process takes a while on a busy machine.
}, 180_000);
afterAll(async () => {
  for (const socket of allSockets) socket.terminate();
  await first?.server.stop();
  await second?.server.stop();
  await third?.server.stop();
  await api?.stop();
});

describe("the WebSocket caps across two bff replicas", () => {
  it("holds the per-address cap for the two together", async () => {
    const address = "203.0.113.71";
    expect(await outcomeOf(first.url, address)).toBe("acked");
    expect(await outcomeOf(second.url, address)).toBe("acked");
    expect(await outcomeOf(first.url, address)).toBe("acked");
    expect(await outcomeOf(second.url, address)).toEqual({ status: 429 });
    expect(await outcomeOf(first.url, address)).toEqual({ status: 429 });
    // Another address is not affected; a closed socket gives its slot back.
    expect(await outcomeOf(second.url, "203.0.113.72")).toBe("acked");
    allSockets.find((socket) => socket.readyState === WebSocket.OPEN)!.close(1000);
    expect(await until(() => outcomeOf(second.url, address), "acked")).toBe("acked");
  });

  it("holds the per-person cap for the two together, from any address", async () => {
    const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail("replicas"));
    const token = `Bearer ${idToken}`;
    expect(await outcomeOf(first.url, "203.0.113.81", token)).toBe("acked");
    expect(await outcomeOf(second.url, "203.0.113.82", token)).toBe("acked");
    expect(await outcomeOf(first.url, "203.0.113.83", token)).toEqual({ code: 4429 });
    expect(await outcomeOf(second.url, "203.0.113.84", token)).toEqual({ code: 4429 });
  });

  it("gives a killed replica's slots back once their lease ends", async () => {
    const replica = startProcess("bff", process.execPath, [path.join(root, "bff/dist/main.js")], {
      env: {
        BFF_PORT: "0",
        METRICS_PORT: "0",
        API_URL: api.url,
        CLIENT_DIST: "",
        LOG_LEVEL: "warn",
        FIREBASE_AUTH_EMULATOR_HOST: inject("authEmulatorHost"),
        FIREBASE_PROJECT_ID: inject("firebaseProjectId"),
        ...caps,
      },
      readyPattern: /bff listening on (http:\/\/\S+)/,
      quiet: true,
    });
    try {
      const url = (await replica.ready)![1]!;
      const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail("crashed"));
      const token = `Bearer ${idToken}`;
      for (let i = 0; i < PER_USER; i++) {
        expect(await outcomeOf(url, "203.0.113.91", token)).toBe("acked");
      }
      replica.child.kill("SIGKILL");
      await replica.exited;
      // Its sockets are gone, but it released nothing: the person's slots still count…
      const started = Date.now();
      expect(await outcomeOf(first.url, "203.0.113.92", token)).toEqual({ code: 4429 });
      expect(Date.now() - started).toBeLessThan(LEASE_SECONDS * 1000);
      // …until their lease ends.
      expect(await until(() => outcomeOf(first.url, "203.0.113.92", token), "acked")).toBe("acked");
    } finally {
      await replica.stop();
    }
  });
});

async function untilClosed(socket: WebSocket, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (!closes.has(socket) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return closes.get(socket) ?? 0;
}

describe("a socket's token", () => {
  it("closes the socket with 4401 when it expires; a fresh token's socket is acknowledged", async () => {
    const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail("expiring"));
    const token = `Bearer ${idToken}`;
    // The bff's clock put to 1.5 s before the token's expiry (an hour on: the emulator's exp).
    shift = tokenExpiry(token)! - 1500 - Date.now();
    const { socket, outcome } = await opened(third.url, "203.0.113.101", token);
    expect(outcome).toBe("acked");
    expect(await untilClosed(socket)).toBe(4401);
    // A visitor's socket carries no token and is not closed.
    const visitor = await opened(third.url, "203.0.113.102");
    expect(visitor.outcome).toBe("acked");
    // A refreshed token (its exp an hour after the bff's shifted now) is let in and stays open.
    shift = 0;
    const fresh = await opened(third.url, "203.0.113.101", token);
    expect(fresh.outcome).toBe("acked");
    expect(fresh.socket.readyState).toBe(WebSocket.OPEN);
    expect(visitor.socket.readyState).toBe(WebSocket.OPEN);
  });
});
