import { sql } from "drizzle-orm";
import webPush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPerson, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";
import { TestPushService, type TestBrowser } from "../testing/push-service.js";
import { NotificationWorker } from "./notification-worker.js";
import { PushSender } from "./push-sender.js";
import { PushWorker } from "./push-worker.js";
import { PUSH_RATE } from "./push-rules.js";
import { UnsubscribeLinks } from "./unsubscribe-rules.js";

// Web push end to end (docs/decisions/063-web-push.md): browsers registered through REST, inbox
// items pushed by the background worker to a real push service in this process, which decrypts
// them as a browser would; gone endpoints dropped, failures retried, floods collapsed.

const SECRET = "push-test-secret-0123456789abcdef";
const vapid = { ...webPush.generateVAPIDKeys(), subject: "mailto:push@storyloom.test" };

let api: TestApi;
let service: TestPushService;
let writer: TestPerson;
let reader: TestPerson;
let stranger: TestPerson;
beforeAll(async () => {
  [api, service] = await Promise.all([
    startTestApi(undefined, { readHashSecret: SECRET, vapid }, undefined, {
      pushEndpointsOnLoopback: true,
    }),
    TestPushService.start(),
  ]);
  [writer, reader, stranger] = await Promise.all([
    newPerson(api, "writer"),
    newPerson(api, "reader"),
    newPerson(api, "stranger"),
  ]);
  const followed = await call("POST", "/v1/subscriptions", reader, { author_id: writer.id });
  expect(followed.statusCode).toBe(200);
  const on = await call("PUT", "/v1/me/notification-preferences", reader, {
    items: ["new_story", "comment_reply"].map((kind) => ({ kind, channel: "push", enabled: true })),
  });
  expect(on.statusCode).toBe(200);
});
afterAll(async () => {
  await api?.close();
  await service?.close();
});

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
const call = (method: Method, url: string, person: TestPerson | null, payload?: object) =>
  api.app.inject({
    method,
    url,
    headers: person?.headers ?? {},
    ...(payload ? { payload } : {}),
  });

const pushWorker = () =>
  new PushWorker({
    db: api.database.db,
    sender: new PushSender(vapid),
    unsubscribeLinks: new UnsubscribeLinks(SECRET),
    pollMs: 50,
  });
const runFanOut = () => new NotificationWorker({ db: api.database.db, pollMs: 50 }).drain();

async function register(person: TestPerson, browser: TestBrowser): Promise<string> {
  const answer = await call("POST", "/v1/me/push-subscriptions", person, browser.subscription());
  expect(answer.statusCode).toBe(200);
  return answer.json().id as string;
}

async function publish(person: TestPerson): Promise<string> {
  const publicId = await storyIn(api, person, "completed");
  const made = await call("PATCH", `/v1/stories/${publicId}`, person, { is_public: true });
  expect(made.statusCode).toBe(200);
  return publicId;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await api.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const subscriptionExists = async (id: string) =>
  (await rows(sql`select 1 from push_subscriptions where id = ${id}`)).length === 1;

/** The message a browser got: decrypted, and the VAPID header checked. */
function opened(browser: TestBrowser, index = 0) {
  const push = service.pushesTo(browser)[index]!;
  expect(push.headers["content-encoding"]).toBe("aes128gcm");
  expect(push.headers.authorization).toContain(`k=${vapid.publicKey}`);
  return JSON.parse(browser.decrypt(push.body)) as {
    title: string;
    url: string;
    tag: string;
    unsubscribeToken: string;
  };
}

describe("the public key and registering a browser", () => {
  it("offers the VAPID public key to anyone", async () => {
    const answer = await call("GET", "/v1/push/public-key", null);
    expect(answer.json()).toEqual({ public_key: vapid.publicKey });
  });

  it("refuses a signed-out caller, endpoints that are no push service, and bad keys", async () => {
    const browser = service.browser("refused");
    const anonymous = await call("POST", "/v1/me/push-subscriptions", null, browser.subscription());
    expect(anonymous.statusCode).toBe(401);
    for (const endpoint of ["http://push.example.com/x", "https://10.0.0.1/x", "not a url"]) {
      const answer = await call("POST", "/v1/me/push-subscriptions", reader, {
        ...browser.subscription(),
        endpoint,
      });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().detail).toBe("endpoint must be the https address of a push service.");
    }
    const short = await call("POST", "/v1/me/push-subscriptions", reader, {
      endpoint: browser.endpoint,
      keys: { p256dh: "AAAA", auth: browser.subscription().keys.auth },
    });
    expect(short.statusCode).toBe(422);
    const missing = await call("POST", "/v1/me/push-subscriptions", reader, {
      endpoint: browser.endpoint,
    });
    expect(missing.statusCode).toBe(422);
  });

  it("lets nobody but its owner remove a browser", async () => {
    const id = await register(reader, service.browser("kept"));
    const foreign = await call("DELETE", `/v1/me/push-subscriptions/${id}`, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(await subscriptionExists(id)).toBe(true);
    const mine = await call("DELETE", `/v1/me/push-subscriptions/${id}`, reader);
    expect(mine.json()).toEqual({ removed: true });
    expect(await subscriptionExists(id)).toBe(false);
  });
});

describe("delivery", () => {
  it("pushes a followed writer's new story to each browser; a gone one is dropped", async () => {
    const phone = service.browser("phone");
    const gone = service.browser("gone", [410]);
    await register(reader, phone);
    const goneId = await register(reader, gone);
    const publicId = await publish(writer);
    // Nothing is pushed before the fan-out has recorded the item.
    expect(await pushWorker().drain()).toBe(0);
    await runFanOut();
    expect(await pushWorker().drain()).toBe(2);

    const message = opened(phone);
    expect(message.title).toMatch(/published “.+”$/);
    expect(message.title).toContain(writer.username);
    expect(message.url).toBe(`/stories/${publicId}`);
    // Title and link only: never the story's text.
    expect(JSON.stringify(message)).not.toContain("bottle");
    expect(service.pushesTo(gone)).toHaveLength(1);
    expect(await subscriptionExists(goneId)).toBe(false);

    // The push carries a one-click unsubscribe for this kind on push.
    const off = await call("POST", "/v1/notifications/unsubscribe", null, {
      token: message.unsubscribeToken,
    });
    expect(off.json()).toEqual({ kind: "new_story", channel: "push", enabled: false });
    await publish(writer);
    await runFanOut();
    expect(await pushWorker().drain()).toBe(0);
    expect(service.pushesTo(phone)).toHaveLength(1);
    await call("PUT", "/v1/me/notification-preferences", reader, {
      items: [{ kind: "new_story", channel: "push", enabled: true }],
    });
  });

  it("pushes a flood of replies once, and retries a push service that fails", async () => {
    const laptop = service.browser("laptop", [500, 503, 201]);
    const laptopId = await register(reader, laptop);
    const publicId = await publish(writer);
    const thread = `/v1/comments/stories/${publicId}/comments`;
    const parent = (await call("POST", thread, reader, { content: "Lovely tide." })).json();
    for (const words of ["One", "Two", "Three"]) {
      const reply = await call("POST", thread, stranger, {
        content: words,
        parent_comment_id: parent.id,
      });
      expect(reply.statusCode).toBe(201);
    }
    const deliveries = await rows<{ id: string }>(
      sql`select d.id from push_deliveries d join notifications n on n.id = d.notification_id
        where d.subscription_id = ${laptopId} and n.kind = 'comment_reply'`,
    );
    expect(deliveries).toHaveLength(1);

    // The first run also pushes to the reader's phone, at once; the laptop's service fails twice.
    for (const [expected, handled] of [
      [1, 2],
      [2, 1],
    ] as const) {
      expect(await pushWorker().drain()).toBe(handled);
      const [state] = await rows<{ attempts: number; done: boolean; later: boolean }>(sql`select
          attempts, done_at is not null as done, run_after > now() as later
        from push_deliveries where id = ${deliveries[0]!.id}`);
      expect(state).toEqual({ attempts: expected, done: false, later: true });
      // The backoff's wait, skipped.
      await api.database.db.execute(
        sql`update push_deliveries set run_after = now() where id = ${deliveries[0]!.id}`,
      );
    }
    expect(await pushWorker().drain()).toBe(1);
    expect(service.pushesTo(laptop)).toHaveLength(3);
    const message = opened(laptop, 2);
    expect(message.title).toMatch(/^3 replies to your comment on “.+”$/);
    expect(JSON.stringify(message)).not.toContain("Three");
    expect(await pushWorker().drain()).toBe(0);
  });

  it("holds back a reader's pushes beyond the rate limit until the window moves", async () => {
    const many = await newPerson(api, "many");
    await call("PUT", "/v1/me/notification-preferences", many, {
      items: [{ kind: "comment_reply", channel: "push", enabled: true }],
    });
    const tablet = service.browser("tablet");
    await register(many, tablet);
    for (let story = 0; story <= PUSH_RATE.items; story += 1) {
      const publicId = await publish(writer);
      const thread = `/v1/comments/stories/${publicId}/comments`;
      const parent = (await call("POST", thread, many, { content: "Mine." })).json();
      await call("POST", thread, stranger, { content: "Reply", parent_comment_id: parent.id });
    }
    await pushWorker().drain();
    expect(service.pushesTo(tablet)).toHaveLength(PUSH_RATE.items);
    const [waiting] = await rows<{ later: boolean; attempts: number }>(sql`select
        run_after > now() + interval '5 minutes' as later, attempts
      from push_deliveries where user_id = ${many.id} and done_at is null`);
    expect(waiting).toEqual({ later: true, attempts: 0 });
  });
});
