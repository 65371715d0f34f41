import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newPerson, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";
import { smtpMailer } from "./digest-mailer.js";
import { DIGEST_OFF_MESSAGE, startEmailDigests } from "./digest-start.js";
import { DigestWorker } from "./digest-worker.js";
import { NotificationWorker } from "./notification-worker.js";
import { notifyNewChapter } from "./notify.js";
import { UnsubscribeLinks } from "./unsubscribe-rules.js";

// The e-mail digest end to end (docs/decisions/057-email-digest.md): notifications made by the
// real use cases and fan-out worker, digests sent by the real worker through nodemailer to a real
// SMTP server in this process (smtp-server), read back with mailparser; the unsubscribe links
// followed through the api's own route.

const SECRET = "digest-test-secret-0123456789";
const SITE = "https://storyloom.test";

/** What the relay was handed: every try, and whether it accepted it. */
interface Delivery {
  mail: ParsedMail;
  accepted: boolean;
}

let api: TestApi;
let relay: SMTPServer;
let smtpUrl: string;
const deliveries: Delivery[] = [];
/** The answers the relay gives to the next messages (after reading them), then 250. */
const refusals: Array<{ code: number; message: string }> = [];

beforeAll(async () => {
  api = await startTestApi(undefined, { readHashSecret: SECRET });
  relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      void simpleParser(stream).then((mail) => {
        const refusal = refusals.shift();
        deliveries.push({ mail, accepted: refusal === undefined });
        if (refusal === undefined) return callback();
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      }, callback);
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(relay.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => relay?.close(resolve));
  await api?.close();
});
afterEach(() => {
  deliveries.length = 0;
  refusals.length = 0;
});

type Method = "GET" | "POST" | "PATCH" | "PUT";
const call = (method: Method, url: string, person: TestPerson, payload?: object) =>
  api.app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) });

const digests = (options: { intervalMs?: number; retryBaseMs?: number } = {}) =>
  new DigestWorker({
    db: api.database.db,
    mailer: smtpMailer(smtpUrl),
    links: new UnsubscribeLinks(SECRET),
    site: SITE,
    from: "Storyloom <digest@storyloom.test>",
    intervalMs: options.intervalMs ?? 3_600_000,
    pollMs: 20,
    retryBaseMs: options.retryBaseMs ?? 10,
  });

const fanOut = () => new NotificationWorker({ db: api.database.db, pollMs: 50 }).drain();

async function emailOf(person: TestPerson): Promise<string> {
  const result = (await api.database.db.execute(
    sql`select email from users where id = ${person.id}`,
  )) as unknown as { rows: Array<{ email: string }> };
  return result.rows[0]!.email;
}

async function setEmail(person: TestPerson, kinds: string[], enabled = true) {
  const items = kinds.map((kind) => ({ kind, channel: "email", enabled }));
  expect((await call("PUT", "/v1/me/notification-preferences", person, { items })).statusCode).toBe(
    200,
  );
}

async function preference(person: TestPerson, kind: string, channel: string) {
  const answer = await call("GET", "/v1/me/notification-preferences", person);
  const items = answer.json().items as Array<{ kind: string; channel: string; enabled: boolean }>;
  return items.find((item) => item.kind === kind && item.channel === channel)?.enabled;
}

async function follow(person: TestPerson, writer: TestPerson) {
  expect(
    (await call("POST", "/v1/subscriptions", person, { author_id: writer.id })).statusCode,
  ).toBe(200);
}

/** A listed story of `writer` with a title of its own; its followers hear of it. */
async function publish(writer: TestPerson, title: string): Promise<string> {
  const publicId = await storyIn(api, writer, "completed");
  const made = await call("PATCH", `/v1/stories/${publicId}`, writer, { is_public: true, title });
  expect(made.statusCode).toBe(200);
  return publicId;
}

async function storyId(publicId: string): Promise<string> {
  const result = (await api.database.db.execute(
    sql`select id from stories where public_id = ${publicId}`,
  )) as unknown as { rows: Array<{ id: string }> };
  return result.rows[0]!.id;
}

const to = (delivery: Delivery) =>
  delivery.mail.to && "text" in delivery.mail.to ? delivery.mail.to.text : "";

/** The token of a link to the web app's unsubscribe page. */
const tokenIn = (url: string) => new URL(url).searchParams.get("token") ?? "";

const unsubscribe = (token: string) =>
  api.app.inject({ method: "POST", url: "/v1/notifications/unsubscribe", payload: { token } });

describe("the e-mail digest", () => {
  it("sends each reader one digest of their own items, grouped, with working unsubscribe links", async () => {
    const [writer, reader, other, quiet] = await Promise.all([
      newPerson(api, "digest-writer"),
      newPerson(api, "digest-reader"),
      newPerson(api, "digest-other"),
      newPerson(api, "digest-quiet"),
    ]);
    for (const person of [reader, other, quiet]) await follow(person, writer);
    await setEmail(reader, ["new_story", "new_chapter"]);
    await setEmail(other, ["new_story"]);
    // quiet keeps e-mail off (the default).

    const open = await publish(writer, "The Lantern Keeper");
    const hidden = await publish(writer, "A Secret Draft Title");
    await fanOut();
    await notifyNewChapter(api.database.db, {
      storyId: await storyId(open),
      authorId: writer.id,
      chapterNumber: 2,
    });
    await fanOut();
    // Made private after the news went out: the digest must not show its title.
    const hiddenAgain = await call("PATCH", `/v1/stories/${hidden}`, writer, { is_public: false });
    expect(hiddenAgain.statusCode).toBe(200);

    const worker = digests();
    expect(await worker.drain()).toBe(2);
    await worker.stop();
    expect(deliveries.map(to).sort()).toEqual([await emailOf(other), await emailOf(reader)].sort());
    const readerMail = deliveries.find((d) => d.mail.text?.includes("New chapters"))!;
    expect(to(readerMail)).toBe(await emailOf(reader));
    const text = readerMail.mail.text ?? "";
    expect(readerMail.mail.subject).toBe("Storyloom: 3 new notifications");
    expect(text).toContain("New stories from writers you follow");
    expect(text).toContain("New chapters from writers you follow");
    expect(text).toContain(`published “The Lantern Keeper”\n  ${SITE}/stories/${open}`);
    expect(text).toContain(`added a chapter to “The Lantern Keeper”`);
    expect(text).toContain("published a story\n");
    expect(text).not.toContain("Secret Draft");
    expect(text).not.toContain(hidden);
    expect(readerMail.mail.messageId).toMatch(/\.digest@storyloom\.test>?$/);
    // RFC 8058: one-click unsubscribe of the digest itself.
    const headerLines = readerMail.mail.headerLines.map((header) => header.line);
    expect(headerLines).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const listUnsubscribe = headerLines
      .find((line) => line.startsWith("List-Unsubscribe:"))
      ?.replace(/\r?\n[ \t]+/g, " ")
      .match(/<([^>]+)>/)?.[1];
    expect(listUnsubscribe).toMatch(`${SITE}/unsubscribe?token=`);

    // The other reader's digest: only their kind, only their links.
    const otherMail = deliveries.find((d) => d !== readerMail)!;
    expect(otherMail.mail.text).not.toContain("New chapters");
    expect(otherMail.mail.text).toContain("The Lantern Keeper");
    const links = new UnsubscribeLinks(SECRET);
    for (const url of otherMail.mail.text!.match(/https:\S+unsubscribe\S+/g) ?? []) {
      expect(links.verify(tokenIn(url))?.userId).toBe(other.id);
    }

    // Nothing new: no second digest.
    deliveries.length = 0;
    const again = digests({ intervalMs: 1 });
    expect(await again.drain()).toBe(0);
    await again.stop();
    expect(deliveries).toHaveLength(0);

    // "Stop these e-mails" under new chapters turns that kind off for e-mail only.
    const chapterLink = text.match(/New chapters[\s\S]*?Stop these e-mails: (\S+)/)![1]!;
    const answer = await unsubscribe(tokenIn(chapterLink));
    expect(answer.json()).toEqual({ kind: "new_chapter", channel: "email", enabled: false });
    expect(await preference(reader, "new_chapter", "email")).toBe(false);
    expect(await preference(reader, "new_chapter", "inbox")).toBe(true);
    expect(await preference(reader, "new_story", "email")).toBe(true);

    // A caller that answers one kind (GraphQL) is refused the link of every kind, nothing changed.
    const oneKindOnly = await api.app.inject({
      method: "POST",
      url: "/v1/notifications/unsubscribe",
      payload: { token: tokenIn(listUnsubscribe!), one_kind_only: true },
    });
    expect(oneKindOnly.statusCode).toBe(422);
    expect(await preference(reader, "new_story", "email")).toBe(true);

    // The header's link turns every kind off for e-mail, and only e-mail.
    expect((await unsubscribe(tokenIn(listUnsubscribe!))).statusCode).toBe(200);
    expect(await preference(reader, "new_story", "email")).toBe(false);
    expect(await preference(reader, "new_story", "inbox")).toBe(true);

    // News after that reaches the inbox, but no e-mail.
    await publish(writer, "After The Unsubscribe");
    await fanOut();
    const after = digests({ intervalMs: 1 });
    await after.drain();
    await after.stop();
    expect(deliveries.map(to)).not.toContain(await emailOf(reader));
    expect(deliveries.map(to)).not.toContain(await emailOf(quiet));
  });

  it("retries a relay that refuses (4xx, then 5xx) and sends exactly one digest once it accepts", async () => {
    const [writer, reader] = await Promise.all([
      newPerson(api, "retry-writer"),
      newPerson(api, "retry-reader"),
    ]);
    await follow(reader, writer);
    await setEmail(reader, ["new_story"]);
    await publish(writer, "Worth The Wait");
    await fanOut();
    refusals.push(
      { code: 451, message: "Try again later" },
      { code: 554, message: "Transaction failed" },
    );

    const worker = digests();
    worker.start();
    await vi.waitFor(() => expect(deliveries.filter((d) => d.accepted)).toHaveLength(1), {
      timeout: 10_000,
      interval: 20,
    });
    await worker.stop();
    const mine = deliveries.filter((d) => to(d) !== "" && d.mail.text?.includes("Worth The Wait"));
    expect(mine.map((d) => d.accepted)).toEqual([false, false, true]);
    // Every try was the same message: a relay or mailbox that kept a refused copy can drop it.
    expect(new Set(mine.map((d) => d.mail.messageId)).size).toBe(1);

    const finished = digests({ intervalMs: 1 });
    expect(await finished.drain()).toBe(0);
    await finished.stop();
    expect(deliveries.filter((d) => d.accepted)).toHaveLength(1);
    const rows = (await api.database.db.execute(
      sql`select state, attempts from email_digests where user_id = ${reader.id}`,
    )) as unknown as { rows: Array<{ state: string; attempts: number }> };
    expect(rows.rows).toEqual([{ state: "sent", attempts: 3 }]);
  });

  it("sends nothing, and says so once, when SMTP_URL is unset", async () => {
    const info = vi.fn();
    const started = startEmailDigests({
      db: api.database.db,
      email: null,
      site: SITE,
      readHashSecret: SECRET,
      pollMs: 20,
      log: { info, error: vi.fn() },
    });
    expect(started).toBeNull();
    expect(info.mock.calls).toEqual([[DIGEST_OFF_MESSAGE]]);
    expect(deliveries).toHaveLength(0);
  });
});
