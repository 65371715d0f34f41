import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  signInWithGoogle,
  signUp,
  uniqueEmail,
} from "../../../../scripts/lib/auth-emulator-client.mjs";
import { globalId } from "../global-id.js";
import { publishStory } from "../../testing/publish-story.js";
import {
  graphqlCalls,
  startApi,
  startBff,
  type ApiProcess,
  type Bff,
  type Data,
} from "../../testing/stack.js";

// Prices and what a viewer may read, through the BFF against a real api process: the api decides
// (docs/decisions/030-premium-prices-and-access.md), the BFF maps its answer.

let api: ApiProcess;
let bff: Bff;
let admin: string;
let author: string;
let reader: string;

const ADMIN_EMAIL = "prices-admin@example.com";

const { call, failure } = graphqlCalls(() => bff.url);

beforeAll(async () => {
  api = await startApi({ STORY_WRITER_PACE_MS: "0", ADMIN_EMAILS: ADMIN_EMAIL });
  bff = await startBff(api.url);
  const host = inject("authEmulatorHost");
  admin = (
    await signInWithGoogle(host, { sub: `admin-${Date.now()}`, email: ADMIN_EMAIL, name: "Admin" })
  ).idToken;
  author = (await signUp(host, uniqueEmail("author"))).idToken;
  reader = (await signUp(host, uniqueEmail("reader"))).idToken;
  for (const token of [admin, author, reader]) await call("{ viewer { id } }", token);
}, 120_000);

afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
});

const SET_PRICE = `mutation($storyId: ID!, $priceCents: Int) {
  setStoryPrice(storyId: $storyId, priceCents: $priceCents) {
    story { price { amountCents currency formatted } viewerAccess { full pictures reason } }
  }
}`;
const REMOVE_PRICE = `mutation($storyId: ID!) {
  removeStoryPrice(storyId: $storyId) { story { price { amountCents } } }
}`;
const READ = `query($id: ID!) {
  story(publicId: $id) {
    price { amountCents currency formatted }
    viewerAccess { full pictures reason }
    content { chapters { title paragraphs locked } }
  }
}`;

describe("prices through GraphQL", () => {
  it("lets the author price a story; a reader gets the free part and the price as Money", async () => {
    const publicId = await publishStory(bff.url, author, "The Priced Lantern");
    const priced = await call(SET_PRICE, author, {
      storyId: globalId("Story", publicId),
      priceCents: 199,
    });
    expect(priced.setStoryPrice.story).toEqual({
      price: { amountCents: 199, currency: "usd", formatted: "$1.99" },
      viewerAccess: { full: true, pictures: true, reason: "AUTHOR" },
    });

    const whole = (await call(READ, author, { id: publicId })).story;
    const paragraphs = (story: Data) =>
      story.content.chapters.flatMap((chapter: Data) => chapter.paragraphs as string[]);
    for (const token of [reader, undefined]) {
      const { story } = await call(READ, token, { id: publicId });
      expect(story.viewerAccess).toEqual({ full: false, pictures: false, reason: "PREVIEW" });
      expect(story.price.formatted).toBe("$1.99");
      // The free part is the start of the text; the rest is not sent at all.
      const free = paragraphs(story);
      expect(free.length).toBeGreaterThan(0);
      expect(free.length).toBeLessThan(paragraphs(whole).length);
      expect(paragraphs(whole).slice(0, free.length)).toEqual(free);
      expect(story.content.chapters.some((chapter: Data) => chapter.locked)).toBe(true);
    }
  });

  it("answers CONFLICT NOT_PRICEABLE, FORBIDDEN and BAD_USER_INPUT as the api decides", async () => {
    const publicId = await publishStory(bff.url, author, "The Unpriced Lantern");
    const storyId = globalId("Story", publicId);
    expect(await failure(SET_PRICE, reader, { storyId, priceCents: 199 })).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await failure(SET_PRICE, author, { storyId, priceCents: 150 })).toMatchObject({
      code: "BAD_USER_INPUT",
    });
    await call(
      "mutation($id: ID!) { setStoryVisibility(id: $id, isPublic: false) { id } }",
      author,
      {
        id: storyId,
      },
    );
    expect(await failure(SET_PRICE, author, { storyId, priceCents: 199 })).toMatchObject({
      code: "CONFLICT",
      reason: "NOT_PRICEABLE",
    });
  });

  it("lets an admin, and not the author, unprice a story", async () => {
    const publicId = await publishStory(bff.url, author, "The Admin's Lantern");
    const storyId = globalId("Story", publicId);
    await call(SET_PRICE, author, { storyId, priceCents: 499 });
    expect(await failure(REMOVE_PRICE, author, { storyId })).toMatchObject({ code: "FORBIDDEN" });
    expect((await call(REMOVE_PRICE, admin, { storyId })).removeStoryPrice.story.price).toBeNull();
    const { story } = await call(READ, reader, { id: publicId });
    expect(story.viewerAccess).toEqual({ full: true, pictures: false, reason: "FREE" });
    expect(story.content.chapters.every((chapter: Data) => !chapter.locked)).toBe(true);
  });

  it("shows the price on cards, with no access (lists carry no text)", async () => {
    const publicId = await publishStory(bff.url, author, "The Carded Lantern");
    await call(SET_PRICE, author, { storyId: globalId("Story", publicId), priceCents: 99 });
    const { stories } = await call(
      `{ stories(first: 20) { edges { node { publicId price { formatted } viewerAccess { full } } } } }`,
    );
    const card = stories.edges.find((edge: Data) => edge.node.publicId === publicId);
    expect(card.node).toEqual({ publicId, price: { formatted: "$0.99" }, viewerAccess: null });
  });
});
