import http from "node:http";
import net from "node:net";
import { parse } from "graphql";
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  inject,
  it,
  onTestFinished,
} from "vitest";
import { signUp, uniqueEmail } from "../../../../scripts/lib/auth-emulator-client.mjs";
import { globalId } from "../../graphql/global-id.js";
import { encodeCursor } from "../../graphql/pagination.js";
import { createSchema } from "../../graphql/schema.js";
import { startCountingProxy, type CountingProxy } from "../../testing/counting-proxy.js";
import { publishStory } from "../../testing/publish-story.js";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "../../testing/stack.js";
import { isPublicRead, publicReadFields, stableJson } from "./cacheability.js";
import { addressKey } from "./turns.js";
import { wroteSomething } from "./writes.js";
import { FIRST_DATA_DOCUMENTS } from "../../__generated__/first-data-documents.js";

// The visitor micro-cache of /graphql (docs/decisions/037-bff-visitor-cache.md), against a real
// api behind a proxy that counts the bff's calls: an answer served from the cache calls nothing but
// the count of its turn at the api, whose per-address limit is small here (exact counting).

const TTL_MS = 400;
const PER_MINUTE = 12;
const LIST =
  "query Page($first: Int!, $sort: StorySort) { stories(first: $first, sort: $sort) { edges { node { title } } } }";
const LIST_CALL = "GET /v1/stories";

let api: ApiProcess;
let proxy: CountingProxy;
let bff: Bff;
/** Each test from its own address, so the per-address count of one never reaches another. */
let address = 0;
let from = "";

beforeAll(async () => {
  api = await startApi({
    ANONYMOUS_REQUESTS_PER_MINUTE: String(PER_MINUTE),
    STORY_WRITER_PACE_MS: "0",
  });
  proxy = await startCountingProxy(api.url);
  bff = await startBff(proxy.url, { GRAPHQL_VISITOR_CACHE_MS: String(TTL_MS) });
});
afterAll(async () => {
  await bff?.server.stop();
  await proxy?.close();
  await api?.stop();
});
beforeEach(() => {
  address += 1;
  from = `198.51.100.${address}`;
  proxy.reset();
});

interface Answer {
  status: number;
  text: string;
  json: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };
}

function post(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return postTo(bff, body, headers);
}

async function postTo(
  to: Bff,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${to.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from, ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) as Answer["json"] };
}

const listCalls = () => proxy.calls.filter((call) => call === LIST_CALL).length;
const TURNS_CALL = "POST /v1/limits/anonymous-turns";
/** The bff's counts of turns at the api, with the address each named. */
const turnCalls = () =>
  proxy.calls.flatMap((call, i) =>
    call === TURNS_CALL ? [String(proxy.headers[i]?.["x-forwarded-for"])] : [],
  );

describe("a visitor's public list read", () => {
  it("is answered from memory the second time, with the same bytes", async () => {
    const variables = { first: 2, sort: "NEWEST" };
    const first = await post({ query: LIST, operationName: "Page", variables });
    expect(first.json.errors).toBeUndefined();
    expect(first.json.data?.stories).toEqual({ edges: [] });
    const second = await post({ query: LIST, operationName: "Page", variables });
    expect(second.text).toBe(first.text);
    expect(listCalls()).toBe(1);
  });

  it("is keyed on the variables, in any key order, and on the operation", async () => {
    await post({ query: LIST, variables: { first: 3, sort: "NEWEST" } });
    await post({ query: LIST, variables: { sort: "NEWEST", first: 3 } });
    expect(listCalls()).toBe(1);
    await post({ query: LIST, variables: { first: 4, sort: "NEWEST" } });
    expect(listCalls()).toBe(2);
    await post({
      query: "query Other($first: Int!) { stories(first: $first) { edges { cursor } } }",
      variables: { first: 3 },
    });
    expect(listCalls()).toBe(3);
  });

  it("is asked again once the answer is older than GRAPHQL_VISITOR_CACHE_MS", async () => {
    const body = { query: LIST, variables: { first: 5 } };
    await post(body);
    await post(body);
    expect(listCalls()).toBe(1);
    const started = Date.now();
    // Until the entry expires every answer is a hit; then the api is asked again.
    await expect
      .poll(
        async () => {
          await post(body);
          return listCalls();
        },
        { timeout: 5000, interval: 50 },
      )
      .toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TTL_MS - 100);
  });

  it("asks the api once for concurrent misses", async () => {
    const body = { query: LIST, variables: { first: 6 } };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(body)));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers[0]?.json.data?.stories).toEqual({ edges: [] });
    expect(listCalls()).toBe(1);
    // The four that shared the first one's answer never reached the api: each took a turn.
    expect(turnCalls()).toHaveLength(4);
  });

  it("serves GET with Apollo's preflight header, and refuses a GET without it as Apollo does", async () => {
    const url = new URL(`${bff.url}/graphql`);
    url.searchParams.set("query", LIST);
    url.searchParams.set("variables", JSON.stringify({ first: 7 }));
    const headers = { "x-forwarded-for": from, "apollo-require-preflight": "true" };
    const first = await fetch(url, { headers });
    const second = await fetch(url, { headers });
    expect(first.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    expect(listCalls()).toBe(1);
    const simple = await fetch(url, { headers: { "x-forwarded-for": from } });
    expect(simple.status).toBe(400);
    expect(await simple.text()).toMatch(/CSRF/i);
  });

  it("sends a hit compressed as the caller accepts, with Vary", async () => {
    // A page of nine cards is over a kilobyte; here long aliases pad an empty page past one.
    const padding = Array.from({ length: 12 }, (_, i) => `a${i}${"x".repeat(100)}: __typename`);
    const query = LIST.replace("{ stories(", `{ ${padding.join(" ")} stories(`);
    const body = JSON.stringify({ query, variables: { first: 8 } });
    const raw = (encoding: string) =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        const request = http.request(`${bff.url}/graphql`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "accept-encoding": encoding,
            "x-forwarded-for": from,
          },
        });
        request.on("response", (response) => {
          response.resume();
          resolve(response);
        });
        request.on("error", reject);
        request.end(body);
      });
    await raw("identity");
    const plain = await raw("identity");
    const br = await raw("gzip, br");
    const gzip = await raw("gzip");
    expect(listCalls()).toBe(1);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["content-security-policy"]).toBeDefined();
  });
});

/** An answer served before express carries the headers express gives the same answer. */
function expectSameHeaders(early: Response, throughExpress: Response) {
  for (const name of [
    "content-type",
    "content-security-policy",
    "x-frame-options",
    "x-content-type-options",
    "referrer-policy",
    "cross-origin-opener-policy",
    "access-control-allow-origin",
    "access-control-expose-headers",
  ]) {
    expect(early.headers.get(name), name).toBe(throughExpress.headers.get(name));
  }
}

describe("answers before express", () => {
  it("carry the headers express gives the same answer, CORS included", async () => {
    const body = JSON.stringify({ query: LIST, variables: { first: 10 } });
    const headers = {
      "content-type": "application/json",
      "x-forwarded-for": from,
      origin: "https://elsewhere.example",
    };
    const send = () => fetch(`${bff.url}/graphql`, { method: "POST", headers, body });
    const miss = await send();
    const hit = await send();
    expect(await hit.text()).toBe(await miss.text());
    expect(listCalls()).toBe(1);
    expectSameHeaders(hit, miss);
    expect(hit.headers.get("access-control-allow-origin")).toBe("https://elsewhere.example");
    expect(hit.headers.get("vary")).toMatch(/origin/i);
    expect(hit.headers.get("x-powered-by")).toBeNull();
  });

  it("refuse a body that is not JSON, or not UTF-8, as express does", async () => {
    const raw = async (body: Buffer | string) => {
      const response = await fetch(`${bff.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": from },
        body,
      });
      return { status: response.status, json: (await response.json()) as Answer["json"] };
    };
    for (const body of ["{ not json", '"a string"', "12"]) {
      const answer = await raw(body);
      expect(answer.status, body).toBe(400);
      expect(answer.json.errors?.[0]?.message).toBe("The request body is not valid JSON.");
    }
    const latin1 = await raw(Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]));
    expect(latin1.status).toBe(400);
    expect(latin1.json.errors?.[0]?.message).toBe("The request body is not UTF-8.");
    // An operation that is not a public read goes on to Apollo with the body already read.
    const other = await post({ query: "{ viewer { id } }" });
    expect(other.status).toBe(200);
    expect(other.json.data).toEqual({ viewer: null });
  });
  it("outlive a caller that leaves in the middle of its body", async () => {
    const socket = net.connect(Number(new URL(bff.url).port), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    socket.write(
      "POST /graphql HTTP/1.1\r\nHost: bff\r\nContent-Type: application/json\r\n" +
        'Content-Length: 500\r\n\r\n{"query":',
    );
    await new Promise<void>((resolve) => socket.end(resolve));
    socket.destroy();
    const answer = await post({ query: LIST, variables: { first: 11 } });
    expect(answer.status).toBe(200);
    expect(answer.json.errors).toBeUndefined();
  });
});

describe("a member's public list read (decision 043)", () => {
  // A bff of their own whose answers outlive a slow machine's requests (the file's 400 ms do not):
  // every count here is of answers that must come from memory. Mutations through it empty it.
  let bff: Bff;
  beforeAll(async () => {
    bff = await startBff(proxy.url, { GRAPHQL_VISITOR_CACHE_MS: "60000" });
  });
  afterAll(() => bff?.server.stop());
  const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    postTo(bff, body, headers);
  const STATES_CALL = "GET /v1/me/story-states";
  const statesCalls = () => proxy.calls.filter((call) => call === STATES_CALL).length;
  const newMember = async (name: string) =>
    (await signUp(inject("authEmulatorHost"), uniqueEmail(name))).idToken;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  it("without per-viewer fields is the visitors' answer, with the same bytes and no api call", async () => {
    const member = await newMember("member-plain");
    const body = { query: LIST, variables: { first: 3 } };
    const visitor = await post(body);
    const first = await post(body, as(member));
    const second = await post(body, as(member));
    expect(visitor.json.errors).toBeUndefined();
    expect([first.text, second.text]).toEqual([visitor.text, visitor.text]);
    expect(listCalls()).toBe(1);
    expect(statesCalls()).toBe(0);
  });

  it("carries each member's own bookmarks and stories, never another's, from one shared answer", async () => {
    const [author, reader, other] = await Promise.all([
      newMember("author"),
      newMember("reader"),
      newMember("other"),
    ]);
    const written = await publishStory(bff.url, author, "Lighthouse");
    const others = await publishStory(bff.url, other, "Harbour");
    const bookmarked = await graphql(
      bff.url,
      "mutation($id: ID!) { bookmarkStory(id: $id) { viewerHasBookmarked } }",
      { token: reader, variables: { id: globalId("Story", written) } },
    );
    expect(bookmarked.errors).toBeUndefined();
    proxy.reset();

    const body = {
      query:
        "query Mine($first: Int!) { stories(first: $first) { edges { node { publicId viewerHasBookmarked mine: viewerIsAuthor } } } }",
      variables: { first: 5 },
    };
    type Node = { publicId: string; viewerHasBookmarked: boolean; mine: boolean };
    /** Each story's state in the answer: [bookmarked, mine], by the story's public id. */
    const stateOf = (answer: Answer) => {
      const edges = (answer.json.data?.stories as { edges: Array<{ node: Node }> }).edges;
      return Object.fromEntries(
        edges.map(({ node }) => [node.publicId, [node.viewerHasBookmarked, node.mine]]),
      );
    };
    const plain = [false, false];
    expect(stateOf(await post(body))).toEqual({ [written]: plain, [others]: plain });
    expect(stateOf(await post(body, as(reader)))).toEqual({
      [written]: [true, false],
      [others]: plain,
    });
    expect(stateOf(await post(body, as(author)))).toEqual({
      [written]: [false, true],
      [others]: plain,
    });
    expect(stateOf(await post(body, as(other)))).toEqual({
      [written]: plain,
      [others]: [false, true],
    });
    expect(stateOf(await post(body))).toEqual({ [written]: plain, [others]: plain });
    // One list call for all five; one small call for each member's own state.
    expect(listCalls()).toBe(1);
    expect(statesCalls()).toBe(3);
  });

  it("remembers a member's own states between their reads; their own write shows at once (decision 077)", async () => {
    const remembering = await startBff(proxy.url, {
      GRAPHQL_VISITOR_CACHE_MS: "60000",
      GRAPHQL_MEMBER_STATES_MS: "60000",
    });
    onTestFinished(() => remembering.server.stop());
    const [author, reader, other] = await Promise.all([
      newMember("remembered-author"),
      newMember("remembered-reader"),
      newMember("remembered-other"),
    ]);
    const written = await publishStory(remembering.url, author, "Tidewater");
    const bookmark = (token: string, mutation = "bookmarkStory") =>
      graphql(
        remembering.url,
        `mutation($id: ID!) { ${mutation}(id: $id) { viewerHasBookmarked } }`,
        { token, variables: { id: globalId("Story", written) } },
      );
    const body = {
      query:
        "query Own($first: Int!) { stories(first: $first) { edges { node { publicId viewerHasBookmarked } } } }",
      variables: { first: 5 },
    };
    const bookmarkedFor = async (token: string) => {
      const answer = await postTo(remembering, body, as(token));
      expect(answer.json.errors).toBeUndefined();
      const edges = (
        answer.json.data?.stories as {
          edges: Array<{ node: { publicId: string; viewerHasBookmarked: boolean } }>;
        }
      ).edges;
      return edges.find(({ node }) => node.publicId === written)?.node.viewerHasBookmarked;
    };
    proxy.reset();
    expect(await bookmarkedFor(reader)).toBe(false);
    expect(await bookmarkedFor(reader)).toBe(false);
    expect(statesCalls()).toBe(1);

    // Another member's write empties the shared answers but not the reader's own states.
    expect((await bookmark(other)).errors).toBeUndefined();
    expect(await bookmarkedFor(reader)).toBe(false);
    expect(statesCalls()).toBe(1);

    // The reader's own write forgets theirs: it shows on their very next read.
    expect((await bookmark(reader)).errors).toBeUndefined();
    expect(await bookmarkedFor(reader)).toBe(true);
    expect(statesCalls()).toBe(2);

    // One made past this bff (the api directly) is not seen while they are remembered.
    const past = await fetch(`${api.url}/v1/stories/${written}/bookmark`, {
      method: "DELETE",
      headers: as(reader),
    });
    expect(past.status).toBe(200);
    expect(await bookmarkedFor(reader)).toBe(true);
    expect(statesCalls()).toBe(2);
  });

  it("is answered before express once its shared answer is kept, with the headers express gives (decision 079)", async () => {
    const member = await newMember("member-early");
    const body = JSON.stringify({
      query:
        "query Early($first: Int!) { stories(first: $first) { edges { node { title viewerHasBookmarked } } } }",
      variables: { first: 4 },
    });
    const send = () =>
      fetch(`${bff.url}/graphql`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": from,
          origin: "https://elsewhere.example",
          ...as(member),
        },
        body,
      });
    // The first makes the shared answer through express and Apollo; the second is laid over the
    // kept one before express.
    const throughExpress = await send();
    const early = await send();
    const text = await early.text();
    expect(text).toBe(await throughExpress.text());
    expect((JSON.parse(text) as Answer["json"]).errors).toBeUndefined();
    expect(listCalls()).toBe(1);
    expect(statesCalls()).toBe(2);
    expectSameHeaders(early, throughExpress);
    expect(early.headers.get("content-length")).toBe(throughExpress.headers.get("content-length"));
    expect(early.headers.get("x-powered-by")).toBeNull();
  });

  it("asking for another per-viewer field, or with a refused token, is Apollo's with the token", async () => {
    const member = await newMember("member-private");
    const privateField = {
      query: "{ stories(first: 2) { edges { node { title moderationReason } } } }",
    };
    await post(privateField);
    expect((await post(privateField, as(member))).json.errors).toBeUndefined();
    expect(listCalls()).toBe(2);

    proxy.reset();
    const laidOver = {
      query: "{ stories(first: 2) { edges { node { title viewerHasBookmarked } } } }",
    };
    await post(laidOver);
    const refused = await post(laidOver, { authorization: "Bearer not-a-token" });
    expect(refused.json.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(statesCalls()).toBe(1);
    expect(listCalls()).toBe(2);
  });
});

describe("what is never shared", () => {
  it("an answer with errors", async () => {
    // A cursor the bff decodes and the api refuses: the error comes from the api, each time.
    const after = encodeCursor({ apiCursor: "not-a-cursor", skip: 0 });
    const body = {
      query:
        "query After($after: String) { stories(first: 2, after: $after) { edges { cursor } } }",
      variables: { after },
    };
    const first = await post(body);
    const second = await post(body);
    expect(first.json.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(second.json.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(listCalls()).toBe(2);
  });

  it("a read of anything but the public lists", async () => {
    const body = { query: `{ story(publicId: "nosuchstory") { title } }` };
    await post(body);
    await post(body);
    expect(proxy.calls.filter((call) => call.startsWith("GET /v1/stories/")).length).toBe(2);
    // A public list beside another root field is not public as a whole either.
    const mixed = { query: `{ stories(first: 1) { edges { cursor } } viewer { id } }` };
    await post(mixed);
    await post(mixed);
    expect(listCalls()).toBe(2);
  });

  it("an answer kept before a mutation that wrote, and only such a mutation", async () => {
    const body = { query: LIST, variables: { first: 9 } };
    await post(body);
    await post(body);
    expect(listCalls()).toBe(1);
    // A refused mutation changes nothing, and must not let anyone empty the cache at will.
    const refused = await post({
      query: `mutation { discardStory(id: "Story:nosuchstory") { id } }`,
    });
    expect(refused.json.errors).toBeDefined();
    await post(body);
    expect(listCalls()).toBe(1);
    const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail("writer"));
    const wrote = await post(
      { query: `mutation { acceptTerms { id } }` },
      { authorization: `Bearer ${idToken}` },
    );
    expect(wrote.json.errors).toBeUndefined();
    await post(body);
    expect(listCalls()).toBe(2);
  });
});

describe("the limits still hold", () => {
  it("a document over the depth limit is refused every time, never cached", async () => {
    let deep = "title";
    for (let i = 0; i < 14; i += 1)
      deep = `author { stories(first: 1) { edges { node { ${deep} } } } }`;
    const body = { query: `{ stories(first: 1) { edges { node { ${deep} } } } }` };
    const first = await post(body);
    const second = await post(body);
    expect(first.json.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
    expect(second.json.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
    expect(listCalls()).toBe(0);
  });

  it("answers from memory count against the caller's address, at the api, before they are sent", async () => {
    // A bff whose answers outlive a slow machine's requests: at the file's 400 ms, twelve requests
    // on a busy CI machine outlasted the answer and the api was asked for the list again.
    const lasting = await startBff(proxy.url, { GRAPHQL_VISITOR_CACHE_MS: "60000" });
    onTestFinished(() => lasting.server.stop());
    const post = (body: Record<string, unknown>) => postTo(lasting, body);
    const body = { query: LIST, variables: { first: 1 } };
    for (let i = 0; i < PER_MINUTE; i += 1) {
      expect((await post(body)).json.errors).toBeUndefined();
    }
    // One miss (the api counted its list call) and a turn for each hit, for the caller's address.
    expect(listCalls()).toBe(1);
    expect(turnCalls()).toEqual(Array(PER_MINUTE - 1).fill(`${from}, 127.0.0.1`));
    const refused = await post(body);
    expect(refused.json.errors?.[0]).toMatchObject({
      message: "Too many requests. Please wait a minute and try again.",
      extensions: { code: "RATE_LIMITED", status: 429, reason: "RATE_LIMITED" },
    });
    const retryAfter = Number(refused.json.errors?.[0]?.extensions?.retryAfter);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.text).not.toContain('"stories"');
    // The api said so: the next one is refused from the bff's memory, without asking.
    const again = await post(body);
    expect(again.json.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
    expect(turnCalls()).toHaveLength(PER_MINUTE);
    // The api holds the address back too.
    const direct = await fetch(`${api.url}/v1/stories?sort=newest`, {
      headers: { "x-forwarded-for": from },
    });
    expect(direct.status).toBe(429);
    // Another address is served, from memory.
    from = "198.51.100.250";
    expect((await post(body)).json.errors).toBeUndefined();
    expect(listCalls()).toBe(1);
  });
});

describe("one connection carrying several callers (a proxy's keep-alive connection)", () => {
  it("counts each answer against the address its own request names", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = JSON.stringify({ query: LIST, variables: { first: 12 } });
    const postOn = (forwardedFor: string) =>
      new Promise<{ reused: boolean; answer: Answer["json"] }>((resolve, reject) => {
        const request = http.request(
          `${bff.url}/graphql`,
          {
            method: "POST",
            agent,
            headers: {
              "content-type": "application/json",
              "content-length": Buffer.byteLength(body),
              "x-forwarded-for": forwardedFor,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({
                reused: request.reusedSocket,
                answer: JSON.parse(Buffer.concat(chunks).toString()) as Answer["json"],
              }),
            );
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    const first = from;
    address += 1;
    const second = `198.51.100.${address}`;
    try {
      // The first is the miss; then the two addresses take turns on the same connection.
      expect((await postOn(first)).answer.errors).toBeUndefined();
      for (let i = 0; i < 3; i += 1) {
        for (const caller of [second, first]) {
          const { reused, answer } = await postOn(caller);
          expect(reused).toBe(true);
          expect(answer.errors).toBeUndefined();
        }
      }
      expect(listCalls()).toBe(1);
      expect(turnCalls()).toEqual(
        [second, first, second, first, second, first].map((caller) => `${caller}, 127.0.0.1`),
      );
    } finally {
      agent.destroy();
    }
  });
});

describe("the cache's rules", () => {
  const schema = createSchema();

  it("shares the root fields of the home page's first data, which the schema has", () => {
    const fields = publicReadFields(
      schema,
      FIRST_DATA_DOCUMENTS.home.map(({ query }) => query),
    );
    expect([...fields].sort()).toEqual(["stories", "trendingStories"]);
    expect(() => publicReadFields(schema, ["{ nosuchfield }"])).toThrow(/nosuchfield/);
  });

  it("takes a query whose root selections are all allowed fields", () => {
    const allowed = new Set(["stories"]);
    const read = (text: string, name?: string) => isPublicRead(parse(text), name, allowed);
    expect(read("{ stories { __typename } __typename }")).toBe(true);
    expect(read("query A { stories { __typename } } query B { viewer { id } }", "A")).toBe(true);
    expect(read("query A { stories { __typename } } query B { viewer { id } }", "B")).toBe(false);
    expect(read("query A { stories { __typename } } query B { viewer { id } }")).toBe(false);
    expect(read("{ ...F } fragment F on Query { stories { __typename } }")).toBe(false);
    expect(read("{ ... on Query { stories { __typename } } }")).toBe(false);
    expect(read("mutation { stories }")).toBe(false);
  });

  it("counts a mutation as a write when a root field answered", () => {
    expect(wroteSomething({ data: { acceptTerms: { id: "1" } } })).toBe(true);
    expect(wroteSomething({ data: { a: null, b: true } })).toBe(true);
    expect(wroteSomething({ data: { discardStory: null } })).toBe(false);
    expect(wroteSomething({ data: null })).toBe(false);
    expect(wroteSomething({})).toBe(false);
  });

  it("keys variables whatever their order, and addresses as the api does", () => {
    expect(stableJson({ b: [1, { d: 1, c: null }], a: "x" })).toBe(
      stableJson({ a: "x", b: [1, { c: null, d: 1 }] }),
    );
    expect(stableJson({ a: undefined })).toBe(stableJson({}));
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:db8:1:2:3:4:5:6")).toBe(addressKey("2001:db8:1:2:ffff::1"));
    expect(addressKey("2001:db8:1:2::1")).not.toBe(addressKey("2001:db8:1:3::1"));
  });
});
