import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { signUp, uniqueEmail } from "../../../scripts/lib/auth-emulator-client.mjs";
import { startCountingProxy, type CountingProxy } from "../testing/counting-proxy.js";
import { graphqlOverWebSocket } from "../testing/over-websocket.js";
import { publishStory } from "../testing/publish-story.js";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "../testing/stack.js";
import { connectRest } from "../upstream/rest-client.js";
import { unwrap } from "./errors.js";

// What one small request may make the api do (docs/decisions/013-graphql-operation-cost.md),
// against a real api behind a counting proxy, with the BFF's default limits.

let api: ApiProcess;
let proxy: CountingProxy;
let bff: Bff;
let publicIds: string[];

beforeAll(async () => {
  api = await startApi({ STORY_WRITER_PACE_MS: "0" });
  proxy = await startCountingProxy(api.url);
  bff = await startBff(proxy.url);
  const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail("costs"));
  publicIds = [];
  for (const title of ["The first lighthouse", "The second lighthouse"]) {
    publicIds.push(await publishStory(bff.url, idToken, title));
  }
}, 120_000);

afterAll(async () => {
  await bff?.server.stop();
  await proxy?.close();
  await api?.stop();
});

beforeEach(() => proxy.reset());

/**
 * The api calls operations made: a socket's admission takes and gives back its slots at the api
 * (decision 050), which are the socket's, not the operation's.
 */
const operationCalls = () =>
  proxy.calls.filter((call) => !call.includes("/v1/limits/socket-slots"));

const aliased = (count: number, selection: (index: number) => string) =>
  `{ ${Array.from({ length: count }, (_, index) => `a${index}: ${selection(index)}`).join(" ")} }`;

/** 30 aliases, each every comment of 50 stories: refused, or ~1,500 api calls at 50 stories. */
const everyCommentOfEveryStory = aliased(
  30,
  () => "stories(first: 50) { edges { node { id comments { id content } } } }",
);

const transports = [
  ["HTTP", (query: string) => graphql(bff.url, query)],
  ["graphql-ws", (query: string) => graphqlOverWebSocket(bff.url, query)],
] as const;

describe.each(transports)("over %s", (_transport, send) => {
  it("a visitor asking for the comments of every story of a page is refused before any api call", async () => {
    const body = await send(everyCommentOfEveryStory);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]).toMatchObject({
      message:
        "Story.comments calls the api once per Story: ask for it on one Story at a time, not on every item of Query.stories.",
      extensions: { code: "QUERY_TOO_COMPLEX" },
    });
    expect(operationCalls()).toEqual([]);
  });

  it("an operation that would call the api more than 20 times is refused before any call", async () => {
    const body = await send(
      aliased(11, (index) => `story(publicId: "${publicIds[index % 2]}") { comments { id } }`),
    );
    expect(body.errors?.[0]).toMatchObject({
      message: "Query needs more than 20 calls to the api, the most one operation may make.",
      extensions: { code: "QUERY_TOO_COMPLEX" },
    });
    expect(operationCalls()).toEqual([]);
  });

  it("a story's discussion costs one call for the story and one for its comments", async () => {
    const body = await send(
      `{ story(publicId: "${publicIds[0]}") { title comments { id replies { id } } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.story).toEqual({ title: "The first lighthouse", comments: [] });
    expect(operationCalls()).toEqual([
      `GET /v1/stories/${publicIds[0]}`,
      `GET /v1/comments/stories/${publicIds[0]}/comments`,
    ]);
  });
});

describe("the budget of api calls", () => {
  it("fails the call past an operation's budget as QUERY_TOO_COMPLEX, without making it", async () => {
    const connection = connectRest(proxy.url, 2);
    try {
      const rest = connection.forAuthorization(null);
      const story = () =>
        unwrap(rest.GET("/v1/stories/{id}", { params: { path: { id: publicIds[0]! } } }));
      await story();
      await story();
      await expect(story()).rejects.toMatchObject({
        message:
          "This operation needs more than 2 calls to the api, the most one operation may make.",
        extensions: { code: "QUERY_TOO_COMPLEX" },
      });
      expect(operationCalls()).toHaveLength(2);
      // Every operation has its own budget.
      await unwrap(
        connection
          .forAuthorization(null)
          .GET("/v1/stories/{id}", { params: { path: { id: publicIds[1]! } } }),
      );
      expect(operationCalls()).toHaveLength(3);
    } finally {
      await connection.close();
    }
  });
});
