import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { signUp, uniqueEmail } from "../../../scripts/lib/auth-emulator-client.mjs";
import { publishStory } from "../testing/publish-story.js";
import { graphqlCalls, startApi, startBff, type ApiProcess, type Bff } from "../testing/stack.js";
import { UNSUBSCRIBE_WORDS } from "./unsubscribe-page.js";

// The e-mail digest end to end (docs/decisions/057-email-digest.md): a real api process with
// SMTP_URL pointing at an SMTP server in this process, its worker sending the digest of a
// followed writer's new story; the digest's one-click unsubscribe link followed on the bff.

const SITE = "https://storyloom.test";
const mails: ParsedMail[] = [];
let relay: SMTPServer;
let api: ApiProcess;
let bff: Bff;

beforeAll(async () => {
  relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      void simpleParser(stream).then((mail) => {
        mails.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const port = (relay.server.address() as AddressInfo).port;
  api = await startApi({
    STORY_WRITER_PACE_MS: "0",
    NOTIFICATION_POLL_MS: "50",
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    READ_HASH_SECRET: "unsubscribe-page-test-secret",
    EMAIL_DIGEST_INTERVAL_SECONDS: "1",
    PUBLIC_BASE_URL: SITE,
  });
  bff = await startBff(api.url);
}, 300_000);

afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
  await new Promise<void>((resolve) => relay?.close(resolve));
});

const { call } = graphqlCalls(() => bff.url);

async function newUser(name: string) {
  const email = uniqueEmail(name);
  const { idToken } = await signUp(inject("authEmulatorHost"), email);
  const me = await call("{ viewer { id } }", idToken);
  return { token: idToken, id: me.viewer.id as string, email };
}

const emailPreferences = async (token: string) =>
  (
    (await call("{ notificationPreferences { kind channel enabled } }", token))
      .notificationPreferences as Array<{ kind: string; channel: string; enabled: boolean }>
  ).filter((p) => p.channel === "EMAIL");

describe("the e-mail digest's unsubscribe link", () => {
  it("arrives in the digest of a reader who turned e-mail on, asks on GET and turns e-mail off on POST", async () => {
    const [writer, reader] = await Promise.all([newUser("mailwriter"), newUser("mailreader")]);
    await call(
      `mutation { setNotificationPreferences(preferences: [{ kind: NEW_STORY, channel: EMAIL, enabled: true }]) { kind } }`,
      reader.token,
    );
    await call(`mutation($id: ID!) { subscribeToAuthor(authorId: $id) { id } }`, reader.token, {
      id: writer.id,
    });
    const publicId = await publishStory(bff.url, writer.token, "Harbour lights by mail");

    const digest = await vi.waitFor(
      () => {
        const mail = mails.find((each) => JSON.stringify(each.to).includes(reader.email));
        expect(mail).toBeDefined();
        return mail!;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(digest.text).toContain(
      `published “Harbour lights by mail”\n  ${SITE}/stories/${publicId}`,
    );
    const header = digest.headerLines
      .find((line) => line.key === "list-unsubscribe")
      ?.line.replace(/\r?\n[ \t]+/g, " ");
    const link = header?.match(/<([^>]+)>/)?.[1] ?? "";
    expect(link.startsWith(`${SITE}/unsubscribe?token=`)).toBe(true);
    const onBff = link.replace(SITE, bff.url);

    // A mail scanner's GET changes nothing.
    const asked = await fetch(onBff);
    expect(asked.status).toBe(200);
    const form = await asked.text();
    expect(form).toContain(UNSUBSCRIBE_WORDS.ask);
    expect(form).toContain('<form method="post"');
    expect(
      (await emailPreferences(reader.token)).find((p) => p.kind === "NEW_STORY")?.enabled,
    ).toBe(true);

    // RFC 8058: the mail client's one-click POST.
    const done = await fetch(onBff, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(UNSUBSCRIBE_WORDS.done);
    expect((await emailPreferences(reader.token)).every((p) => !p.enabled)).toBe(true);
    const inbox = (await call("{ notificationPreferences { channel enabled } }", reader.token))
      .notificationPreferences as Array<{ channel: string; enabled: boolean }>;
    expect(inbox.filter((p) => p.channel === "INBOX").every((p) => p.enabled)).toBe(true);

    // A link changed to name someone else is refused.
    const forged = onBff.replace(/token=[^.]+/, "token=someone-else");
    const refused = await fetch(forged, { method: "POST" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(UNSUBSCRIBE_WORDS.bad);
  }, 90_000);
});
