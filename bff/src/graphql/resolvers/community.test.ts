import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { signUp, uniqueEmail } from "../../../../scripts/lib/auth-emulator-client.mjs";
import { startCountingProxy, type CountingProxy } from "../../testing/counting-proxy.js";
import { publishStory } from "../../testing/publish-story.js";
import {
  graphql,
  graphqlCalls,
  startApi,
  startBff,
  type ApiProcess,
  type Bff,
  type Data,
} from "../../testing/stack.js";

// The community (feeds, bookmarks, publishing, moderation) through the BFF, against a real api process. Between them sits a counting proxy, so the
// tests see every upstream call the BFF makes (no mock of the api).

let api: ApiProcess;
let bff: Bff;
let proxy: CountingProxy;
const authors: Array<{ token: string; username: string }> = [];

beforeAll(async () => {
  api = await startApi({ STORY_WRITER_PACE_MS: "0" });
  proxy = await startCountingProxy(api.url);
  bff = await startBff(proxy.url);
  for (const name of ["ann", "bob", "cid"]) authors.push(await newUser(name));
}, 60_000);

afterAll(async () => {
  await bff?.server.stop();
  await proxy?.close();
  await api?.stop();
});

beforeEach(() => proxy.reset());

async function newUser(name: string) {
  const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail(name));
  const me = await graphql(bff.url, "{ viewer { username } }", { token: idToken });
  return { token: idToken, username: (me.data?.viewer as { username: string }).username };
}

interface Edge {
  node: Data;
}

const { call } = graphqlCalls(() => bff.url);

const CARD = `publicId title headerImageUrl viewerHasBookmarked bookmarkCount commentCount
  moderationStatus author { id username avatarUrl }`;
const HOME = `query Home {
  fresh: stories(sort: NEWEST, first: 9) { edges { node { ${CARD} } } pageInfo { hasNextPage } }
  trending: trendingStories(first: 9) { ${CARD} }
}`;

describe("the home page query", () => {
  it.each([3, 18])(
    "costs one upstream call per resource kind with %i public stories",
    async (wanted) => {
      let published = (await call("{ stories(first: 50) { edges { cursor } } }")).stories.edges
        .length;
      for (; published < wanted; published += 1) {
        // Three authors, so the cards' authors really need batching.
        await publishStory(bff.url, authors[published % 3]!.token, `Story number ${published}`);
      }
      proxy.reset();
      const home = await call(HOME, authors[0]!.token);
      const cards = Math.min(wanted, 9);
      expect(home.fresh.edges).toHaveLength(cards);
      expect(home.trending).toHaveLength(cards);
      expect(home.fresh.pageInfo.hasNextPage).toBe(wanted > 9);
      const usernames = new Set(authors.map((author) => author.username));
      for (const card of [...home.fresh.edges.map((edge: Edge) => edge.node), ...home.trending]) {
        expect(usernames.has(card.author.username)).toBe(true);
        expect(card).toMatchObject({
          viewerHasBookmarked: false,
          bookmarkCount: 0,
          moderationStatus: "APPROVED",
          headerImageUrl: expect.stringMatching(/^\/media\/.+/),
        });
      }
      expect([...proxy.calls].sort()).toEqual([
        "GET /v1/stories",
        "GET /v1/stories/trending",
        "GET /v1/users",
      ]);
    },
    120_000,
  );
});

describe("a story card's author", () => {
  it("comes from the story itself when only their id and username are asked: no call for profiles", async () => {
    if ((await call("{ stories(first: 2) { edges { cursor } } }")).stories.edges.length < 2) {
      for (const author of authors.slice(0, 2)) await publishStory(bff.url, author.token, "Card");
    }
    proxy.reset();
    const { stories } = await call(
      "{ stories(sort: NEWEST, first: 9) { edges { node { author { id username } } } } }",
    );
    expect(proxy.calls).toEqual(["GET /v1/stories"]);
    const usernames = new Set(authors.map((author) => author.username));
    expect(stories.edges.length).toBeGreaterThanOrEqual(2);
    for (const { node } of stories.edges as Edge[]) {
      expect(usernames.has(node.author.username)).toBe(true);
    }

    // The same people, by the same ids, as their profiles give them.
    proxy.reset();
    const withAvatars = await call(
      "{ stories(sort: NEWEST, first: 9) { edges { node { author { id username avatarUrl } } } } }",
    );
    expect([...proxy.calls].sort()).toEqual(["GET /v1/stories", "GET /v1/users"]);
    expect(withAvatars.stories.edges.map((edge: Edge) => edge.node.author)).toEqual(
      stories.edges.map((edge: Edge) => ({ ...edge.node.author, avatarUrl: null })),
    );
  }, 120_000);
});

describe("bookmarks", () => {
  it("bookmarks and unbookmarks idempotently, and lists the viewer's bookmarks newest first", async () => {
    const reader = await newUser("reader");
    const { stories } = await call("{ stories(first: 2) { edges { node { id } } } }");
    const [first, second] = stories.edges.map((edge: { node: { id: string } }) => edge.node.id);
    const bookmark = `mutation($id: ID!) { bookmarkStory(id: $id) { id viewerHasBookmarked bookmarkCount } }`;
    for (let n = 0; n < 2; n += 1) {
      expect((await call(bookmark, reader.token, { id: first })).bookmarkStory).toEqual({
        id: first,
        viewerHasBookmarked: true,
        bookmarkCount: 1,
      });
    }
    await call(bookmark, reader.token, { id: second });
    const mine = await call(
      "{ myBookmarks(first: 1) { edges { cursor node { id viewerHasBookmarked } } pageInfo { hasNextPage endCursor } } }",
      reader.token,
    );
    expect(mine.myBookmarks.edges.map((edge: Edge) => edge.node)).toEqual([
      { id: second, viewerHasBookmarked: true },
    ]);
    const rest = await call(
      "query($after: String) { myBookmarks(first: 5, after: $after) { edges { node { id } } pageInfo { hasNextPage } } }",
      reader.token,
      { after: mine.myBookmarks.pageInfo.endCursor },
    );
    expect(rest.myBookmarks.edges.map((edge: Edge) => edge.node.id)).toEqual([first]);
    expect(rest.myBookmarks.pageInfo.hasNextPage).toBe(false);

    const removed = await call(
      `mutation($id: ID!) { unbookmarkStory(id: $id) { viewerHasBookmarked bookmarkCount } }`,
      reader.token,
      { id: first },
    );
    expect(removed.unbookmarkStory).toEqual({ viewerHasBookmarked: false, bookmarkCount: 0 });
  });

  it("asks a visitor to sign in before bookmarking", async () => {
    const { stories } = await call("{ stories(first: 1) { edges { node { id } } } }");
    const body = await graphql(bff.url, "mutation($id: ID!) { bookmarkStory(id: $id) { id } }", {
      variables: { id: stories.edges[0].node.id },
    });
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("lists", () => {
  it("pages Fresh Threads with cursors and searches titles", async () => {
    const all = await call("{ stories(first: 50) { edges { node { publicId } } } }");
    const expected = all.stories.edges.map((edge: Edge) => edge.node.publicId);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: Data = await call(
        "query($after: String) { stories(first: 4, after: $after) { edges { node { publicId } } pageInfo { hasNextPage endCursor } } }",
        undefined,
        { after },
      );
      seen.push(...page.stories.edges.map((edge: Edge) => edge.node.publicId));
      after = page.stories.pageInfo.hasNextPage ? page.stories.pageInfo.endCursor : null;
    } while (after);
    expect(seen).toEqual(expected);
    const found = await call(`{ searchStories(query: "number 17") { edges { node { title } } } }`);
    expect(found.searchStories.edges).toEqual([{ node: { title: "Story number 17" } }]);
  });

  it("pages the popular sort to the same stories, each once", async () => {
    const newest = await call("{ stories(first: 50) { edges { node { publicId } } } }");
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: Data = await call(
        "query($after: String) { stories(sort: POPULAR, first: 5, after: $after) { edges { node { publicId } } pageInfo { hasNextPage endCursor } } }",
        undefined,
        { after },
      );
      seen.push(...page.stories.edges.map((edge: Edge) => edge.node.publicId));
      after = page.stories.pageInfo.hasNextPage ? page.stories.pageInfo.endCursor : null;
    } while (after);
    expect(seen).toHaveLength(newest.stories.edges.length);
    expect([...seen].sort()).toEqual(
      newest.stories.edges.map((edge: Edge) => edge.node.publicId).sort(),
    );
  });

  it("refuses an empty search", async () => {
    const body = await graphql(
      bff.url,
      `
        {
          searchStories(query: "  ") {
            edges {
              cursor
            }
          }
        }
      `,
    );
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "query" });
  });

  it("refuses a page of more than 50 stories", async () => {
    const body = await graphql(bff.url, "{ trendingStories(first: 51) { publicId } }");
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "first" });
  });
});

describe("reads", () => {
  it("forwards the caller's address and browser to the api, which counts reads by them", async () => {
    const { stories } = await call("{ stories(first: 1) { edges { node { publicId } } } }");
    proxy.reset();
    const response = await fetch(`${bff.url}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "StoryloomTest/1.0",
        "x-forwarded-for": "203.0.113.9",
      },
      body: JSON.stringify({
        query: "query($id: ID!) { story(publicId: $id) { title } }",
        variables: { id: stories.edges[0].node.publicId },
      }),
    });
    expect(response.status).toBe(200);
    expect(proxy.headers[0]).toMatchObject({
      "user-agent": "StoryloomTest/1.0",
      // The caller's own chain, then the address the BFF saw, as a proxy adds it.
      "x-forwarded-for": expect.stringMatching(/^203\.0\.113\.9, (::ffff:)?127\.0\.0\.1$/),
    });
  });
});
