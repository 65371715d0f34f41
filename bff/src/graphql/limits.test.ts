import { CodeFileLoader } from "@graphql-tools/code-file-loader";
import { loadDocuments } from "@graphql-tools/load";
import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  isObjectType,
  Kind,
  validate,
  type DefinitionNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from "graphql";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationLimitsRules } from "./limits.js";
import { LIST_SIZES, OperationCostMeter } from "./operation-cost.js";
import { createSchema } from "./schema.js";
import { graphqlOverWebSocket } from "../testing/over-websocket.js";
import { graphql, startBff, type Bff } from "../testing/stack.js";

// Limits are checked before any resolver runs, so no api is needed behind these BFFs: an operation
// that passes them fails with UPSTREAM_UNAVAILABLE instead.
const NO_API = "http://127.0.0.1:9";
let tight: Bff;
let cost10: Bff;
let defaults: Bff;
let production: Bff;
beforeAll(async () => {
  tight = await startBff(NO_API, {
    GRAPHQL_MAX_DEPTH: "1",
    GRAPHQL_MAX_ALIASES: "2",
    GRAPHQL_MAX_TOKENS: "100",
    GRAPHQL_MAX_COST: "10",
    GRAPHQL_MAX_DIRECTIVES: "1",
  });
  cost10 = await startBff(NO_API, { GRAPHQL_MAX_COST: "10" });
  defaults = await startBff(NO_API);
  production = await startBff(NO_API, {
    NODE_ENV: "production",
    FIREBASE_API_KEY: "key",
    FIREBASE_AUTH_EMULATOR_HOST: "",
    TRUSTED_PROXIES: "loopback",
  });
});
afterAll(async () => {
  await tight?.server.stop();
  await cost10?.server.stop();
  await defaults?.server.stop();
  await production?.server.stop();
});

type Send = (bff: Bff, query: string) => ReturnType<typeof graphql>;
const transports: Array<[string, Send]> = [
  ["HTTP", (bff, query) => graphql(bff.url, query)],
  ["graphql-ws", (bff, query) => graphqlOverWebSocket(bff.url, query)],
];

/** Fragments each spreading the one before twice: 2^levels copies of F0 from a few hundred bytes. */
function doublingFragments(levels: number): string {
  const fragments = [`fragment F0 on Query { stories { edges { node { id } } } }`];
  for (let level = 1; level <= levels; level += 1) {
    fragments.push(`fragment F${level} on Query { ...F${level - 1} ...F${level - 1} }`);
  }
  return `${fragments.join("\n")}\n{ ...F${levels} }`;
}

const storyPage = (first: string) => `{ stories${first} { edges { node { id } } } }`;

describe.each(transports)("over %s", (_transport, send) => {
  it.each([
    ["depth", `{ viewer { id } }`, "Query depth limit of 1 exceeded, found 2."],
    [
      "aliases",
      `{ a: __typename b: __typename c: __typename }`,
      "Aliases limit of 2 exceeded, found 3.",
    ],
    [
      "directives",
      `{ __typename @include(if: true) ...Name @skip(if: false) } fragment Name on Query { __typename }`,
      "Directives limit of 1 exceeded, found 2.",
    ],
    [
      "cost",
      `{ __typename a: __typename b: __typename ...Names ...Names } fragment Names on Query { __typename __typename __typename __typename }`,
      "Query cost exceeds the limit of 10 (each field counts once for every item its lists may hold).",
    ],
  ])(
    "refuses an operation over the %s limit as QUERY_TOO_COMPLEX",
    async (_name, query, message) => {
      const body = await send(tight, query);
      expect(body.data ?? null).toBeNull();
      expect(body.errors).toContainEqual(
        expect.objectContaining({ message, extensions: { code: "QUERY_TOO_COMPLEX" } }),
      );
    },
  );

  it("refuses a document over the token limit", async () => {
    const body = await send(
      tight,
      `{ ${Array.from({ length: 120 }, () => "__typename").join(" ")} }`,
    );
    expect(body.errors?.[0]?.message).toMatch(/more that 100 tokens/);
  });

  it("counts a page's fields once per story it may hold: `first`, else its default", async () => {
    // 1 + 3 × (edges + node + id): exactly the limit, so it reaches the (absent) api.
    const withinLimit = await send(cost10, storyPage("(first: 3)"));
    expect(withinLimit.errors?.[0]?.extensions?.code).toBe("UPSTREAM_UNAVAILABLE");
    for (const first of ["(first: 4)", "", "(first: 9)"]) {
      const body = await send(cost10, storyPage(first));
      expect(body.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
    }
  });

  it("counts a page whose size is a variable at the most the list answers", async () => {
    const body = await send(
      cost10,
      `query Page($first: Int = 1) { stories(first: $first) { edges { node { id } } } }`,
    );
    expect(body.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
  });

  it("refuses fragments that double at every level quickly, while /healthz still answers", async () => {
    const [attack, health] = await Promise.all([
      send(defaults, doublingFragments(22)),
      fetch(`${defaults.url}/healthz`),
    ]);
    expect(health.status).toBe(200);
    expect(attack.data ?? null).toBeNull();
    expect(attack.errors).toEqual([
      expect.objectContaining({
        message: "Query needs more than 20 calls to the api, the most one operation may make.",
        extensions: { code: "QUERY_TOO_COMPLEX" },
      }),
    ]);
  });

  it("counts introspection: every field of every type's fields is refused, the type names are not", async () => {
    const everything = await send(
      defaults,
      `{ __schema { types { name fields { name type { name fields { name type { name } } } } } } }`,
    );
    expect(everything.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
    const names = await send(defaults, `{ __schema { types { name } } }`);
    expect(names.errors).toBeUndefined();
    expect(names.data?.__schema).toMatchObject({
      types: expect.arrayContaining([{ name: "Story" }]),
    });
  });

  it("refuses introspection in production", async () => {
    const body = await send(production, `{ __schema { types { name } } }`);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.message).toMatch(/introspection/i);
  });
});

describe("over HTTP", () => {
  it("a subscription is refused with 400, saying where subscriptions are served", async () => {
    const response = await fetch(`${defaults.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: `subscription { storyGeneration(publicId: "abc") { progress } }`,
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        {
          message: "Subscriptions are served over WebSocket at /graphql (graphql-ws).",
          extensions: { code: "BAD_REQUEST" },
        },
      ],
    });
  });

  it("keeps CSRF prevention on: a simple cross-site POST is refused", async () => {
    const response = await fetch(`${tight.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/CSRF/i);
  });

  it("refuses a request body over 100 kB", async () => {
    const response = await fetch(`${tight.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ __typename }`, variables: { pad: "x".repeat(120_000) } }),
    });
    expect(response.status).toBe(413);
  });
});

describe("the cost of an operation", () => {
  it("knows how many items every list of objects and every page of the schema may hold", () => {
    const unsized: string[] = [];
    for (const type of Object.values(createSchema().getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__")) continue;
      for (const field of Object.values(type.getFields())) {
        const objectList =
          isListType(getNullableType(field.type)) && isCompositeType(getNamedType(field.type));
        const paged = field.args.some((arg) => arg.name === "first");
        const size = LIST_SIZES[`${type.name}.${field.name}`];
        if ((objectList || paged) && !size) unsized.push(`${type.name}.${field.name}`);
        if (paged && size?.argument !== "first") unsized.push(`${type.name}.${field.name}(first)`);
      }
    }
    expect(unsized).toEqual([]);
  });
});

describe("the web client's operations", () => {
  it("pass the default limits with room to spare: a quarter of the cost, a fifth of the api calls", async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
    const sources = await loadDocuments(
      [
        "client/src/**/*.{ts,tsx}",
        "!client/src/__generated__/**",
        "!client/src/**/*.test.{ts,tsx}",
      ],
      { loaders: [new CodeFileLoader()], cwd: root },
    );
    const definitions: DefinitionNode[] = sources.flatMap(
      (source) => source.document?.definitions ?? [],
    );
    const fragments = new Map(
      definitions
        .filter(
          (definition): definition is FragmentDefinitionNode =>
            definition.kind === Kind.FRAGMENT_DEFINITION,
        )
        .map((fragment) => [fragment.name.value, fragment]),
    );
    const operations = definitions.filter(
      (definition): definition is OperationDefinitionNode =>
        definition.kind === Kind.OPERATION_DEFINITION,
    );
    expect(operations.length).toBeGreaterThan(20);
    const schema = createSchema();
    const { limits } = defaults.config;
    const meter = new OperationCostMeter(schema, fragments, limits);
    for (const operation of operations) {
      const document = {
        kind: Kind.DOCUMENT,
        definitions: [operation, ...fragments.values()],
      } as const;
      expect(
        validate(schema, document, operationLimitsRules(limits)),
        operation.name?.value,
      ).toEqual([]);
      const { cost, upstreamCalls } = meter.measure(operation);
      expect(cost, operation.name?.value).toBeLessThanOrEqual(limits.maxCost / 4);
      expect(upstreamCalls, operation.name?.value).toBeLessThanOrEqual(limits.maxUpstreamCalls / 5);
    }
  });
});
