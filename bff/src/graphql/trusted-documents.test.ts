import { createHash } from "node:crypto";
import { createClient } from "graphql-ws";
import { parse, validate } from "graphql";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { signUp, uniqueEmail } from "../../../scripts/lib/auth-emulator-client.mjs";
import { TRUSTED_DOCUMENTS } from "../__generated__/trusted-documents.js";
import { startCountingProxy, type CountingProxy } from "../testing/counting-proxy.js";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "../testing/stack.js";
import { operationLimitsRules } from "./limits.js";
import { createSchema } from "./schema.js";
import { DOCUMENT_NOT_FOUND } from "./trusted-documents.js";

// The web app's trusted documents (docs/decisions/051-trusted-documents.md) against a real api:
// the listed ids run without their text over HTTP and graphql-ws, an unknown one is refused with
// a code, documents from other clients still run under the limits, and the visitor cache keys a
// read sent by id by its listed text.

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** The id and text of the web app's operation `name`, as the build listed it. */
function listed(name: string, kind = "query"): { id: string; text: string } {
  const found = Object.entries(TRUSTED_DOCUMENTS).find(([, text]) =>
    new RegExp(`(^| )${kind} ${name}\\b`).test(text),
  );
  if (!found) throw new Error(`${name} is not among the web app's documents`);
  return { id: found[0], text: found[1] };
}
const byId = (id: string) => ({ persistedQuery: { version: 1, sha256Hash: id } });
const UNLISTED = sha256("query Unlisted { __typename }");
const LIST_CALL = "GET /v1/stories";

let api: ApiProcess;
let proxy: CountingProxy;
let bff: Bff;
let cached: Bff;
let tight: Bff;
let from = 0;

beforeAll(async () => {
  // A small pace: a story is written in a moment, and its subscribers see it progress.
  api = await startApi({ ANONYMOUS_REQUESTS_PER_MINUTE: "1000", STORY_WRITER_PACE_MS: "15" });
  proxy = await startCountingProxy(api.url);
  [bff, cached, tight] = await Promise.all([
    startBff(api.url),
    startBff(proxy.url, { GRAPHQL_VISITOR_CACHE_MS: "60000" }),
    startBff(api.url, { GRAPHQL_MAX_COST: "10" }),
  ]);
}, 180_000);
afterAll(async () => {
  await bff?.server.stop();
  await cached?.server.stop();
  await tight?.server.stop();
  await proxy?.close();
  await api?.stop();
});
beforeEach(() => {
  from += 1;
  proxy.reset();
});

async function post(to: Bff, body: Record<string, unknown>) {
  const response = await fetch(`${to.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${from}` },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    json: (await response.json()) as {
      data?: Record<string, unknown> | null;
      errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
    },
  };
}

/**
 * One operation over graphql-ws with `payload` as sent: its last result (once `until` holds for
 * one, if given), or its errors; `seen` gets every result.
 */
function overWebSocket(
  to: Bff,
  payload: { query: string } & Record<string, unknown>,
  {
    token,
    seen = [],
    until,
  }: { token?: string; seen?: unknown[]; until?: (value: unknown) => boolean } = {},
) {
  const client = createClient({
    url: `${to.url.replace("http", "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
  });
  return new Promise<{ data?: unknown; errors?: Array<{ extensions?: { code?: unknown } }> }>(
    (resolve, reject) => {
      let last = {};
      client.subscribe(payload, {
        next: (value) => {
          seen.push(value);
          last = value;
          if (until?.(value)) {
            void client.dispose();
            resolve(last);
          }
        },
        error: (error) => {
          void client.dispose();
          if (Array.isArray(error)) resolve({ errors: error });
          else reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
        },
        complete: () => {
          void client.dispose();
          resolve(last);
        },
      });
    },
  );
}

const fresh = listed("FreshThreads");
const variables = { first: 3 };

describe("the web app's documents by id", () => {
  it("are every one within the default operation limits", () => {
    const schema = createSchema();
    // The bff with the default limits.
    const rules = operationLimitsRules(bff.config.limits);
    for (const [id, text] of Object.entries(TRUSTED_DOCUMENTS)) {
      expect(sha256(text)).toBe(id);
      expect(validate(schema, parse(text), rules)).toEqual([]);
    }
  });

  it("run over HTTP without their text, as the text would", async () => {
    const sent = await post(bff, {
      operationName: "FreshThreads",
      variables,
      extensions: byId(fresh.id),
    });
    expect(sent.status).toBe(200);
    expect(sent.json.errors).toBeUndefined();
    expect(sent.json.data?.stories).toEqual({ edges: [], __typename: "StoryConnection" });
    const asText = await graphql(bff.url, fresh.text, { variables });
    expect(asText).toEqual(sent.json);
  });

  it("run over graphql-ws with an empty query", async () => {
    const result = await overWebSocket(bff, {
      query: "",
      operationName: "FreshThreads",
      variables,
      extensions: byId(fresh.id),
    });
    expect(result).toEqual({ data: { stories: { edges: [], __typename: "StoryConnection" } } });
  });

  it("subscribe over graphql-ws: a story being written, followed by id to its end", async () => {
    const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail("trusted"));
    const started = await graphql(
      bff.url,
      "mutation Start($input: StartStoryGenerationInput!) { startStoryGeneration(input: $input) { publicId } }",
      {
        token: idToken,
        variables: { input: { title: "By Id", outline: "A keeper and a storm.", tags: ["sea"] } },
      },
    );
    expect(started.errors).toBeUndefined();
    const { publicId } = started.data?.startStoryGeneration as { publicId: string };
    const seen: Array<{ data?: { storyGeneration?: { status: string; progress: number } } }> = [];
    const result = await overWebSocket(
      bff,
      {
        query: "",
        operationName: "StoryGeneration",
        variables: { publicId },
        extensions: byId(listed("StoryGeneration", "subscription").id),
      },
      {
        token: idToken,
        seen,
        until: (value) => JSON.stringify(value).includes("READY_FOR_REVIEW"),
      },
    );
    expect(result.errors).toBeUndefined();
    const updates = seen.map((value) => value.data?.storyGeneration);
    expect(updates.at(-1)?.status).toBe("READY_FOR_REVIEW");
    expect(Math.max(...updates.map((update) => update?.progress ?? 0))).toBeGreaterThan(0);
  });

  it("refuse an id that is not listed, with its code, over HTTP and graphql-ws", async () => {
    const sent = await post(bff, { extensions: byId(UNLISTED) });
    expect(sent.status).toBe(200);
    expect(sent.json.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining("Unknown document id"),
        extensions: expect.objectContaining({ code: DOCUMENT_NOT_FOUND }),
      }),
    ]);
    const overSocket = await overWebSocket(bff, { query: "", extensions: byId(UNLISTED) });
    expect(overSocket.errors?.[0]?.extensions?.code).toBe(DOCUMENT_NOT_FOUND);
  });

  it("cannot be added to: a document sent with its hash runs, and its id stays unknown", async () => {
    const query = "query Mine { categories { id } }";
    const registered = await post(bff, { query, extensions: byId(sha256(query)) });
    expect(registered.json.errors).toBeUndefined();
    const again = await post(bff, { extensions: byId(sha256(query)) });
    expect(again.json.errors?.[0]?.extensions?.code).toBe(DOCUMENT_NOT_FOUND);
  });
});

describe("other clients' documents", () => {
  const costly = "{ stories(first: 50) { edges { node { id title } } } }";

  it("still run, over HTTP and graphql-ws", async () => {
    const query = "{ categories { id name } }";
    expect((await graphql(bff.url, query)).errors).toBeUndefined();
    expect((await overWebSocket(bff, { query })).errors).toBeUndefined();
  });

  it("are still held to the operation limits, over HTTP and graphql-ws", async () => {
    const sent = await graphql(tight.url, costly);
    expect(sent.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
    const overSocket = await overWebSocket(tight, { query: costly });
    expect(overSocket.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
  });
});

describe("the visitor cache", () => {
  it("keeps a read sent by id under its listed text, shared with that text", async () => {
    const first = await post(cached, {
      operationName: "FreshThreads",
      variables,
      extensions: byId(fresh.id),
    });
    expect(first.json.errors).toBeUndefined();
    const again = await post(cached, {
      operationName: "FreshThreads",
      variables,
      extensions: { ...byId(fresh.id), clientLibrary: { name: "@apollo/client" } },
    });
    const asText = await post(cached, {
      query: fresh.text,
      operationName: "FreshThreads",
      variables,
    });
    expect(again.json).toEqual(first.json);
    expect(asText.json).toEqual(first.json);
    expect(proxy.calls.filter((call) => call === LIST_CALL)).toHaveLength(1);
  });

  it("keeps another text apart from the listed one, and an unknown id out", async () => {
    const other =
      "query FreshThreads($first: Int!) { stories(sort: NEWEST, first: $first) { edges { cursor } } }";
    const byText = await post(cached, {
      query: other,
      operationName: "FreshThreads",
      variables: { first: 4 },
    });
    expect(byText.json.data?.stories).toEqual({ edges: [] });
    const sent = await post(cached, {
      operationName: "FreshThreads",
      variables: { first: 4 },
      extensions: byId(fresh.id),
    });
    expect(sent.json.data?.stories).toEqual({ edges: [], __typename: "StoryConnection" });
    const unknown = await post(cached, {
      operationName: "FreshThreads",
      variables: { first: 4 },
      extensions: byId(UNLISTED),
    });
    expect(unknown.json.errors?.[0]?.extensions?.code).toBe(DOCUMENT_NOT_FOUND);
    const again = await post(cached, {
      operationName: "FreshThreads",
      variables: { first: 4 },
      extensions: byId(fresh.id),
    });
    expect(again.json).toEqual(sent.json);
    expect(proxy.calls.filter((call) => call === LIST_CALL)).toHaveLength(2);
  });
});
