import { createECDH, randomBytes } from "node:crypto";
import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { signUp, uniqueEmail } from "../../../../scripts/lib/auth-emulator-client.mjs";
import { publishStory } from "../../testing/publish-story.js";
import {
  graphqlCalls,
  startApi,
  startBff,
  type ApiProcess,
  type Bff,
} from "../../testing/stack.js";

// The viewer's notifications through the BFF against a real api process whose in-process worker
// fans a writer's new story out to followers (docs/product.md#notifications).

let api: ApiProcess;
let bff: Bff;

/** A VAPID key pair (P-256) as `npx web-push generate-vapid-keys` prints one. */
const vapidKeys = createECDH("prime256v1");
vapidKeys.generateKeys();
const VAPID_PUBLIC_KEY = vapidKeys.getPublicKey().toString("base64url");

beforeAll(async () => {
  api = await startApi({
    STORY_WRITER_PACE_MS: "0",
    NOTIFICATION_POLL_MS: "50",
    VAPID_PUBLIC_KEY,
    // 32 bytes, its leading zeros kept.
    VAPID_PRIVATE_KEY: Buffer.from(
      vapidKeys.getPrivateKey("hex").padStart(64, "0"),
      "hex",
    ).toString("base64url"),
    VAPID_SUBJECT: "mailto:push@storyloom.test",
  });
  bff = await startBff(api.url);
}, 60_000);

afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
});

const { call, failure } = graphqlCalls(() => bff.url);

async function newUser(name: string) {
  const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail(name));
  const me = await call("{ viewer { id username } }", idToken);
  return { token: idToken, id: me.viewer.id as string, username: me.viewer.username as string };
}

/**
 * The live count's values as they come, until `until` is seen; `first` resolves with the first
 * value, so a test can act once the subscription is running.
 */
function liveCounts(
  token: string,
  until: (count: number) => boolean,
): { first: Promise<void>; all: Promise<number[]> } {
  const client = createClient({
    url: `${bff.url.replace("http", "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  const seen: number[] = [];
  let started: () => void = () => {};
  const first = new Promise<void>((resolve) => {
    started = resolve;
  });
  const all = new Promise<number[]>((resolve, reject) => {
    const stop = client.subscribe(
      { query: "subscription { unreadNotificationCount }" },
      {
        next: (value) => {
          const count = (value.data as { unreadNotificationCount: number }).unreadNotificationCount;
          seen.push(count);
          started();
          if (until(count)) {
            stop();
            void client.dispose();
            resolve(seen);
          }
        },
        error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
        complete: () => resolve(seen),
      },
    );
  });
  return { first, all };
}

const INBOX = `{ unreadNotificationCount notifications(first: 5) {
  edges { node { id kind count read storyPublicId storyTitle actorUsername moderationApproved } }
} }`;

describe("notifications", () => {
  it("shows a followed writer's new story live, in the inbox, and marks it read", async () => {
    const [writer, reader, stranger] = await Promise.all([
      newUser("writer"),
      newUser("reader"),
      newUser("stranger"),
    ]);
    await call(`mutation($id: ID!) { subscribeToAuthor(authorId: $id) { id } }`, reader.token, {
      id: writer.id,
    });
    const counts = liveCounts(reader.token, (count) => count >= 1);
    await counts.first;
    const publicId = await publishStory(bff.url, writer.token, "Harbour lights");
    expect(await counts.all).toEqual([0, 1]);

    const inbox = await call(INBOX, reader.token);
    expect(inbox.unreadNotificationCount).toBe(1);
    const [edge] = inbox.notifications.edges;
    expect(edge.node).toMatchObject({
      kind: "NEW_STORY",
      count: 1,
      read: false,
      storyPublicId: publicId,
      storyTitle: "Harbour lights",
      actorUsername: writer.username,
      moderationApproved: null,
    });

    const foreign = await failure(
      `mutation($id: ID!) { markNotificationRead(id: $id) }`,
      stranger.token,
      { id: edge.node.id },
    );
    expect(foreign.code).toBe("NOT_FOUND");
    const read = await call(`mutation($id: ID!) { markNotificationRead(id: $id) }`, reader.token, {
      id: edge.node.id,
    });
    expect(read.markNotificationRead).toBe(0);
  }, 60_000);

  it("keeps preferences per kind and channel", async () => {
    const reader = await newUser("prefs");
    const changed = await call(
      `mutation { setNotificationPreferences(preferences: [{ kind: STORY_PURCHASE, channel: EMAIL, enabled: true }]) { kind channel enabled } }`,
      reader.token,
    );
    // Every kind on every channel: 7 kinds × inbox, push and e-mail.
    expect(changed.setNotificationPreferences).toHaveLength(21);
    expect(changed.setNotificationPreferences).toContainEqual({
      kind: "STORY_PURCHASE",
      channel: "EMAIL",
      enabled: true,
    });
    const { notificationPreferences } = await call(
      "{ notificationPreferences { kind channel enabled } }",
      reader.token,
    );
    expect(notificationPreferences).toContainEqual({
      kind: "NEW_STORY",
      channel: "INBOX",
      enabled: true,
    });
  });

  it("asks a visitor to sign in", async () => {
    const visitor = await failure("{ unreadNotificationCount }");
    expect(visitor.code).toBe("UNAUTHENTICATED");
  });
});

describe("web push", () => {
  const browser = () => ({
    endpoint: `https://push.example.com/send/${randomBytes(8).toString("hex")}`,
    p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  });
  const SUBSCRIBE = `mutation($s: PushSubscriptionInput!) { subscribeToPush(subscription: $s) }`;
  const UNSUBSCRIBE = `mutation($id: ID!) { unsubscribeFromPush(id: $id) }`;

  it("offers the public key, and subscribes and unsubscribes only the viewer's browser", async () => {
    const [reader, stranger] = await Promise.all([newUser("pusher"), newUser("other")]);
    expect((await call("{ pushPublicKey }")).pushPublicKey).toBe(VAPID_PUBLIC_KEY);

    const { subscribeToPush: id } = await call(SUBSCRIBE, reader.token, { s: browser() });
    expect(id).toEqual(expect.any(String));
    expect((await failure(UNSUBSCRIBE, stranger.token, { id })).code).toBe("NOT_FOUND");
    expect((await call(UNSUBSCRIBE, reader.token, { id })).unsubscribeFromPush).toBe(true);
    expect((await failure(UNSUBSCRIBE, reader.token, { id })).code).toBe("NOT_FOUND");
  });

  it("refuses what is no push service, a visitor, and a forged unsubscribe token", async () => {
    const reader = await newUser("badpush");
    const local = await failure(SUBSCRIBE, reader.token, {
      s: { ...browser(), endpoint: "http://127.0.0.1:9/steal" },
    });
    expect(local).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_FAILED",
      field: "endpoint",
    });
    expect((await failure(SUBSCRIBE, undefined, { s: browser() })).code).toBe("UNAUTHENTICATED");
    const forged = await failure(
      `mutation { unsubscribeByLink(token: "u1.new_story.push.AAAA") { kind channel enabled } }`,
    );
    expect(forged).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
  });
});
