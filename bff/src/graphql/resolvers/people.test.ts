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

// Author profiles, subscriptions and preferences through the BFF, against a real api process
// behind a counting proxy, so the tests see every upstream call.

let api: ApiProcess;
let bff: Bff;
let proxy: CountingProxy;

beforeAll(async () => {
  api = await startApi({ STORY_WRITER_PACE_MS: "0" });
  proxy = await startCountingProxy(api.url);
  bff = await startBff(proxy.url);
}, 60_000);

afterAll(async () => {
  await bff?.server.stop();
  await proxy?.close();
  await api?.stop();
});

beforeEach(() => proxy.reset());

const { call } = graphqlCalls(() => bff.url);

async function newUser(name: string) {
  const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail(name));
  const me = await call("{ viewer { id username } }", idToken);
  return { token: idToken, id: me.viewer.id as string, username: me.viewer.username as string };
}

const PROFILE = `id username displayName bio avatarUrl joinedAt storyCount subscriberCount
  viewerIsSubscribed viewerSubscriptionId viewerIsSelf`;
const PROFILE_QUERY = `query Profile($username: String!) {
  userProfile(username: $username) {
    ${PROFILE}
    stories(first: 2) { edges { node { publicId title author { username avatarUrl } } } pageInfo { hasNextPage } }
  }
}`;

describe("userProfile", () => {
  it("shows a profile, its counts and stories in one call each, and null for an unknown name", async () => {
    const writer = await newUser("writer");
    await call(
      `mutation { updateProfile(input: { displayName: "Wren", bio: "Lighthouses." }) { id } }`,
      writer.token,
    );
    for (const title of ["First light", "Second light", "Third light"]) {
      await publishStory(bff.url, writer.token, title);
    }
    proxy.reset();
    const { userProfile } = await call(PROFILE_QUERY, undefined, {
      username: writer.username.toUpperCase(),
    });
    expect(userProfile).toMatchObject({
      id: writer.id,
      username: writer.username,
      displayName: "Wren",
      bio: "Lighthouses.",
      storyCount: 3,
      subscriberCount: 0,
      viewerIsSubscribed: false,
      viewerSubscriptionId: null,
      viewerIsSelf: false,
    });
    expect(userProfile.stories.edges.map((edge: Data) => edge.node.title)).toEqual([
      "Third light",
      "Second light",
    ]);
    expect(userProfile.stories.pageInfo.hasNextPage).toBe(true);
    // The profile, its stories, and the cards' authors batched into one call.
    expect([...proxy.calls].sort()).toEqual([
      "GET /v1/users",
      `GET /v1/users/by-username/${writer.username.toUpperCase()}`,
      `GET /v1/users/by-username/${writer.username}/stories`,
    ]);

    const own = await call(PROFILE_QUERY, writer.token, { username: writer.username });
    expect(own.userProfile.viewerIsSelf).toBe(true);
    const unknown = await call(PROFILE_QUERY, undefined, { username: "no_one_here" });
    expect(unknown.userProfile).toBeNull();
  });
});

describe("subscribeToAuthor and unsubscribeFromAuthor", () => {
  it("follow an author, list them and their stories in the feed, and stop following", async () => {
    const writer = await newUser("writer");
    const reader = await newUser("reader");
    await publishStory(bff.url, writer.token, "A followed tale");

    const subscribe = `mutation Sub($id: ID!) { subscribeToAuthor(authorId: $id) { ${PROFILE} } }`;
    const first = await call(subscribe, reader.token, { id: writer.id });
    const again = await call(subscribe, reader.token, { id: writer.id });
    expect(again.subscribeToAuthor).toMatchObject({
      id: writer.id,
      subscriberCount: 1,
      viewerIsSubscribed: true,
      viewerSubscriptionId: first.subscribeToAuthor.viewerSubscriptionId,
    });

    proxy.reset();
    const mine = await call(
      `{
        viewer { subscriptions { edges { node { username storyCount } } } }
        subscriptionFeed { edges { node { title author { username avatarUrl } } } }
      }`,
      reader.token,
    );
    expect(mine.viewer.subscriptions.edges).toEqual([
      { node: { username: writer.username, storyCount: 1 } },
    ]);
    expect(mine.subscriptionFeed.edges).toEqual([
      {
        node: { title: "A followed tale", author: { username: writer.username, avatarUrl: null } },
      },
    ]);
    // The viewer, the followed authors, the feed, and the feed cards' authors in one call.
    expect([...proxy.calls].sort()).toEqual([
      "GET /v1/auth/me",
      "GET /v1/subscriptions/feed",
      "GET /v1/subscriptions/my",
      "GET /v1/users",
    ]);

    const unsubscribe = `mutation Unsub($id: ID!) { unsubscribeFromAuthor(subscriptionId: $id) { ${PROFILE} } }`;
    const stranger = await newUser("stranger");
    const byOther = await graphql(bff.url, unsubscribe, {
      token: stranger.token,
      variables: { id: first.subscribeToAuthor.viewerSubscriptionId },
    });
    expect(byOther.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const gone = await call(unsubscribe, reader.token, {
      id: first.subscribeToAuthor.viewerSubscriptionId,
    });
    expect(gone.unsubscribeFromAuthor).toMatchObject({
      subscriberCount: 0,
      viewerIsSubscribed: false,
      viewerSubscriptionId: null,
    });
  });

  it("refuses following oneself, and ids that are not a user's, as bad input", async () => {
    const reader = await newUser("reader");
    const self = await graphql(
      bff.url,
      `
        mutation Sub($id: ID!) {
          subscribeToAuthor(authorId: $id) {
            id
          }
        }
      `,
      { token: reader.token, variables: { id: reader.id } },
    );
    expect(self.errors?.[0]).toMatchObject({
      message: "You cannot subscribe to yourself.",
      extensions: { code: "BAD_USER_INPUT" },
    });
    proxy.reset();
    const notAUser = await graphql(
      bff.url,
      `
        mutation {
          subscribeToAuthor(authorId: "abc") {
            id
          }
        }
      `,
      { token: reader.token },
    );
    expect(notAUser.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(proxy.calls).toEqual([]);
    const visitor = await graphql(bff.url, "{ subscriptionFeed { edges { cursor } } }");
    expect(visitor.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("updatePreferences", () => {
  it("keeps theme and reader font with the account; a font not offered is bad input", async () => {
    const reader = await newUser("reader");
    const changed = await call(
      `mutation { updatePreferences(input: { theme: DARK, readerFont: "Lato" }) { theme readerFont } }`,
      reader.token,
    );
    expect(changed.updatePreferences).toEqual({ theme: "DARK", readerFont: "Lato" });
    expect((await call("{ viewer { theme readerFont } }", reader.token)).viewer).toEqual({
      theme: "DARK",
      readerFont: "Lato",
    });
    const bad = await graphql(
      bff.url,
      `
        mutation {
          updatePreferences(input: { readerFont: "Comic Sans" }) {
            theme
          }
        }
      `,
      { token: reader.token },
    );
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT" });
  });
});
