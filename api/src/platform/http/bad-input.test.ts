import { canonicalText, REST_ERROR_CODES } from "@storyloom/common";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { encodeApiCursor } from "../../../../scripts/lib/bad-input.mjs";
import { databaseChecksum } from "../../../../scripts/lib/database-checksum.mjs";
import { AdsQueries } from "../../ads/ads-queries.js";
import { PushQueries } from "../../notifications/push-queries.js";
import { categories, users } from "../db/schema.js";
import { openApiDocument } from "../../openapi-document.js";
import { familiesOf, operationsOf, type Operation } from "../../testing/bad-requests.js";
import { pricedStory } from "../../testing/payment-fixtures.js";
import { storyIn, useOwnerAndReader } from "../../testing/story-fixtures.js";

/**
 * A notification job as it was asked for: its worker's progress (leases, attempts, done_at) moves
 * on its own while the api runs, whatever the requests under test do.
 */
const JOB_AS_ASKED = ["id", "kind", "dedupe_key", "payload", "created_at"];

// Bad input gets a 4xx with a clear message, never a 5xx, and changes nothing
// (docs/decisions/015-input-validation-at-the-edge.md): generated bad requests at every route of
// the OpenAPI document, each with one thing wrong and the rest right, from a caller who may do
// anything the route does (a moderator who owns the stories).

/**
 * Generated requests per route: about 1,000 on the api's 41 routes, each checked against the
 * database, in about 30 s on a busy machine.
 */
const RUNS_PER_ROUTE = 25;

/** Routes that take nothing at all (no token, no parameter, no body): nothing to get wrong. */
const ROUTES_WITHOUT_INPUT: Record<string, string> = {
  getHealth: "a load balancer's probe: no token, no parameters, no body",
  getReadiness: "a load balancer's probe: no token, no parameters, no body",
  getLiveness: "a load balancer's probe: no token, no parameters, no body",
  getPushPublicKey: "web push's public key, the same for everyone: no token, no parameters",
};

const operations = operationsOf(await openApiDocument());

const ctx = useOwnerAndReader();
/** The objects the routes' path parameters name: each one the caller may act on. */
const objects = {
  completed: "",
  ready: "",
  comment: "",
  picture: "",
  subscription: "",
  category: "",
  ad: "",
  affiliateLink: "",
  offer: "",
  purchase: "",
  checkoutSession: "",
  rewrite: "",
  notification: "",
  watchToken: "",
  pushSubscription: "",
};

beforeAll(async () => {
  const { api, owner, reader } = ctx;
  await api.database.db
    .update(users)
    .set({ roles: ["moderator", "admin"] })
    .where(eq(users.id, owner.id));
  objects.category = "bad-input-category";
  await api.database.db
    .insert(categories)
    .values({ id: objects.category, name: "Bad input", slug: "bad-input" });
  const ads = new AdsQueries(api.database.db);
  objects.ad = await ads.ads.create({
    title: "Bad input",
    body: "",
    imageUrl: null,
    targetUrl: "https://example.com/",
    placement: "home",
    weight: 1,
    startsAt: null,
    endsAt: null,
    paused: false,
  });
  objects.offer = await ads.createOffer(objects.ad, "bad-input-viewer", new Date());
  objects.affiliateLink = await ads.affiliateLinks.create({
    label: "Bad input",
    targetUrl: "https://example.com/",
    disclosure: null,
    active: true,
  });
  objects.completed = await storyIn(api, owner, "completed", { isPublic: true });
  objects.ready = await storyIn(api, owner, "ready_for_review");
  const edit = await api.app.inject({
    method: "PATCH",
    url: `/v1/stories/${objects.completed}`,
    headers: owner.headers,
    payload: { title: "The Lantern Keeper, Revised" },
  });
  expect(edit.statusCode).toBe(200);
  const comment = await api.app.inject({
    method: "POST",
    url: `/v1/comments/stories/${objects.completed}/comments`,
    headers: reader.headers,
    payload: { content: "The map was a nice touch." },
  });
  objects.comment = comment.json().id;
  const story = await api.app.inject({
    url: `/v1/stories/${objects.completed}`,
    headers: owner.headers,
  });
  objects.picture = story.json().images[0].id;
  const subscription = await api.app.inject({
    method: "POST",
    url: "/v1/subscriptions",
    headers: owner.headers,
    payload: { author_id: reader.id },
  });
  objects.subscription = subscription.json().id;
  // A browser of the owner's for web push (push is off here: registered past the route).
  objects.pushSubscription = (
    await new PushQueries(api.database.db).save(owner.id, {
      endpoint: "https://push.example.com/bad-input",
      keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
    })
  ).id;
  // A rewrite of the completed story's first paragraph, its alternatives written (decision 061).
  const text = canonicalText(story.json().content);
  const first = story.json().content.chapters[0].paragraphs[0] as string;
  const rewrite = await api.app.inject({
    method: "POST",
    url: `/v1/stories/${objects.completed}/rewrites`,
    headers: owner.headers,
    payload: {
      start: text.indexOf(first),
      end: text.indexOf(first) + first.length,
      instruction: { kind: "shorter" },
    },
  });
  expect(rewrite.statusCode).toBe(202);
  objects.rewrite = rewrite.json().id;
  await vi.waitFor(
    async () => {
      const read = await api.app.inject({
        url: `/v1/stories/${objects.completed}/rewrites/${objects.rewrite}`,
        headers: owner.headers,
      });
      expect(read.json().status).toBe("ready");
    },
    { timeout: 30_000, interval: 100 },
  );
  // A notification of the owner's: the reader answers the owner's comment.
  const ownersComment = await api.app.inject({
    method: "POST",
    url: `/v1/comments/stories/${objects.completed}/comments`,
    headers: owner.headers,
    payload: { content: "Thank you for reading." },
  });
  await api.app.inject({
    method: "POST",
    url: `/v1/comments/stories/${objects.completed}/comments`,
    headers: reader.headers,
    payload: { content: "You are welcome.", parent_comment_id: ownersComment.json().id },
  });
  const inbox = await api.app.inject({ url: "/v1/me/notifications", headers: owner.headers });
  objects.notification = inbox.json().items[0].id;
  // A pending purchase of the caller's, through the local test provider.
  const priced = await pricedStory(api, reader, 199);
  const purchase = await api.app.inject({
    method: "POST",
    url: `/v1/stories/${priced}/purchase`,
    headers: owner.headers,
  });
  objects.purchase = purchase.json().purchase.id;
  objects.checkoutSession = purchase.json().checkout_url.split("/").at(-1);
  // The completed story's watch-live link (decision 069).
  const watchLink = await api.app.inject({
    method: "PUT",
    url: `/v1/stories/${objects.completed}/watch-link`,
    headers: owner.headers,
  });
  objects.watchToken = watchLink.json().token;
});

/** The object a route's `{id}` names, one whose route would act if the request were right. */
function goodPath(operation: Operation): Record<string, string> {
  if (!operation.path.includes("{")) return {};
  if (/\/comments\/\{id\}/.test(operation.path)) return { id: objects.comment };
  if (operation.path.startsWith("/v1/media/{id}")) return { id: objects.picture };
  if (operation.path.includes("{username}")) return { username: ctx.owner.username };
  if (operation.path.startsWith("/v1/subscriptions/users/{id}")) return { id: ctx.owner.id };
  if (operation.path === "/v1/subscriptions/{id}") return { id: objects.subscription };
  if (/\/categories\/\{id\}/.test(operation.path)) return { id: objects.category };
  if (operation.path.startsWith("/v1/admin/ads/{id}")) return { id: objects.ad };
  if (/\/affiliate(s|-links)\/\{id\}/.test(operation.path)) return { id: objects.affiliateLink };
  if (operation.path.includes("{nonce}")) return { nonce: objects.offer };
  if (/\/purchases\/\{id\}/.test(operation.path)) return { id: objects.purchase };
  if (operation.path.startsWith("/v1/me/notifications/{id}")) return { id: objects.notification };
  if (operation.path === "/v1/me/push-subscriptions/{id}") return { id: objects.pushSubscription };
  if (operation.path.includes("{rewriteId}")) {
    return { id: objects.completed, rewriteId: objects.rewrite };
  }
  if (operation.path.startsWith("/v1/admin/users/{id}")) return { id: ctx.owner.id };
  if (operation.path.includes("{token}")) return { token: objects.watchToken };
  if (operation.path.includes("{session_id}")) return { session_id: objects.checkoutSession };
  if (operation.path.includes("{provider}")) return { provider: "local" };
  // A tag's id is its lower-cased name (docs/decisions/024); the sample story has it.
  if (operation.path.startsWith("/v1/admin/tags/{id}")) return { id: "mystery" };
  // The completed story's versions: 1, the writer's text, and 2, its edit (beforeAll).
  if (operation.path.includes("{number}")) return { id: objects.completed, number: "1" };
  if (/\/stories\/\{id\}/.test(operation.path)) {
    // Confirming and restarting need a story in review; everything else a completed one.
    const inReview = ["confirmStory", "restartStory"].includes(operation.operationId);
    return { id: inReview ? objects.ready : objects.completed };
  }
  throw new Error(`${operation.path}: say which object its path parameters name`);
}

let checksum: () => Promise<Record<string, unknown>>;
beforeAll(async () => {
  // Every data table; not the rate-limit counters, which count a refused visitor's request too
  // (docs/decisions/017-shared-and-per-address-limits.md).
  checksum = await databaseChecksum(
    (statement) =>
      ctx.api.database.withSession((session) => session.query<Record<string, unknown>>(statement)),
    { except: ["rate_limits"], columns: { notification_jobs: JOB_AS_ASKED } },
  );
});

describe("bad input at every route of the api", () => {
  it("has a kind of bad input for every route that takes any input", () => {
    const headers = {};
    const withoutInput = operations
      .filter((operation) => familiesOf(operation, { headers, path: { id: "x" } }).length === 0)
      .map((operation) => operation.operationId);
    expect(withoutInput.sort()).toEqual(Object.keys(ROUTES_WITHOUT_INPUT).sort());
  });

  it.each(
    operations
      .filter((operation) => !(operation.operationId in ROUTES_WITHOUT_INPUT))
      .map((operation) => [`${operation.method} ${operation.path}`, operation] as const),
  )("%s refuses bad input with a documented 4xx and changes nothing", async (_name, operation) => {
    const families = familiesOf(operation, {
      headers: ctx.owner.headers,
      path: goodPath(operation),
    });
    const before = await checksum();
    await fc.assert(
      fc.asyncProperty(fc.oneof(...families.map((family) => family.requests)), async (bad) => {
        const response = await ctx.api.app.inject(bad.request);
        const answer = `${bad.what} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, answer).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, answer).toBeLessThan(500);
        expect(operation.statuses, answer).toContain(response.statusCode);
        const body = response.json();
        expect(REST_ERROR_CODES, answer).toContain(body.code);
        expect(body.detail, answer).toEqual(expect.any(String));
        expect(await checksum(), answer).toEqual(before);
      }),
      { numRuns: RUNS_PER_ROUTE },
    );
  });
});

describe("the attacks that once answered 500", () => {
  const cursor = (list: string, at: string) =>
    encodeApiCursor(list === "popular" ? [list, at, 0] : [list, at, "story1"]);
  const lists: Array<[string, string]> = [
    ["newest", "/v1/stories?"],
    ["popular", "/v1/stories?sort=popular&"],
    ["newest", "/v1/stories/search?q=tale&"],
    ["mine", "/v1/stories/mine?"],
    ["bookmarks", "/v1/bookmarks?"],
  ];

  const attacks: Array<[string, string, number, string]> = [
    ["a NUL byte in a story id", "/v1/stories/a%00b", 422, "id"],
    ["a NUL byte in a comment id", "/v1/comments/comments/a%00b/report", 422, "id"],
    ["a NUL byte in q", "/v1/stories?q=a%00b", 422, "q"],
    ["a NUL byte in tag", "/v1/stories?tag=%00", 422, "tag"],
    ["a NUL byte in author", "/v1/stories?author=%00", 422, "author"],
    ["a NUL byte in ids", "/v1/users?ids=a,%00", 422, "ids"],
    ["an id of 101 characters", `/v1/stories/${"x".repeat(101)}`, 422, "id"],
    ["an id of 501 characters", `/v1/stories/${"x".repeat(501)}`, 414, "path"],
    ["a %-escape that is not UTF-8", "/v1/stories/%C0%AF", 400, "path"],
  ];
  for (const [list, url] of lists) {
    for (const at of ["1", "2024", "+010000-01-01T00:00:00.000Z", "-010000-01-01T00:00:00.000Z"]) {
      attacks.push([
        `the instant ${at} in a cursor of ${url}`,
        `${url}cursor=${cursor(list, at)}`,
        422,
        "cursor",
      ]);
    }
  }

  it.each(attacks)("%s is a %i naming %s", async (_what, url, status, field) => {
    const response = await ctx.api.app.inject({
      method: url.endsWith("/report") ? "POST" : "GET",
      url,
      headers: ctx.owner.headers,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", field });
  });
});
