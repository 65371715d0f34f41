import { eq } from "drizzle-orm";
import { PRICE_POINTS_CENTS, type UserRole } from "@storyloom/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../platform/db/schema.js";
import { listen, openStream } from "../testing/live-test-kit.js";
import {
  FREE_WORDS,
  listedStory,
  LOCKED_WORDS,
  recordPurchase,
  setPremium,
} from "../testing/access-fixtures.js";
import { newPerson, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";
import { NOT_PRICEABLE, ONLY_AUTHOR_PRICES } from "./pricing.js";

// Who may read what of a priced story, asserted on what leaves the api on every path
// (docs/decisions/030-premium-prices-and-access.md): the story, bookmarks, cards, search, the
// pictures, comments and the live channel.

let api: TestApi;
let owner: TestPerson;
let reader: TestPerson;
let premium: TestPerson;
let buyer: TestPerson;
let refunded: TestPerson;
let moderator: TestPerson;
let admin: TestPerson;

beforeAll(async () => {
  api = await startTestApi();
  [owner, reader, premium, buyer, refunded, moderator, admin] = await Promise.all([
    newPerson(api, "owner"),
    newPerson(api, "reader"),
    newPerson(api, "premium"),
    newPerson(api, "buyer"),
    newPerson(api, "refunded"),
    newPerson(api, "moderator"),
    newPerson(api, "admin"),
  ]);
  await setPremium(api.database.db, premium, true);
  await grant(moderator, ["moderator"]);
  await grant(admin, ["admin"]);
});
afterAll(() => api?.close());

async function grant(person: TestPerson, roles: UserRole[]) {
  await api.database.db.update(users).set({ roles }).where(eq(users.id, person.id));
}

const call = (
  method: "GET" | "PATCH" | "POST" | "DELETE",
  url: string,
  person?: TestPerson | null,
  payload?: unknown,
) =>
  api.app.inject({
    method,
    url,
    headers: person?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

interface StoryJson {
  price_cents: number | null;
  viewer_access: { full: boolean; pictures: boolean; reason: string } | null;
  content: { chapters: Array<{ title: string; paragraphs: string[]; locked: boolean }> } | null;
  images: Array<{ id: string; role: string; url: string }>;
}

/** A listed story priced at $1.99, bought by `buyer` (paid) and by `refunded` (refunded). */
async function pricedAndBought() {
  const story = await listedStory(api, owner, 199);
  await recordPurchase(api.database.db, buyer, story, "paid");
  await recordPurchase(api.database.db, refunded, story, "refunded");
  return story;
}

describe("PATCH /v1/stories/{id}/price", () => {
  it("lets the author price a listed story, and make it free again", async () => {
    const story = await listedStory(api, owner, null);
    const priced = await call("PATCH", `/v1/stories/${story.publicId}/price`, owner, {
      price_cents: 299,
    });
    expect(priced.statusCode).toBe(200);
    expect(priced.json()).toMatchObject({
      price_cents: 299,
      viewer_access: { full: true, pictures: true, reason: "author" },
    });
    const free = await call("PATCH", `/v1/stories/${story.publicId}/price`, owner, {
      price_cents: null,
    });
    expect(free.json()).toMatchObject({ price_cents: null });
  });

  it("refuses anyone but the author: 401 visitors, 403 readers, 404 for a story they cannot see", async () => {
    const story = await listedStory(api, owner, null);
    const url = `/v1/stories/${story.publicId}/price`;
    expect((await call("PATCH", url, null, { price_cents: 199 })).statusCode).toBe(401);
    const other = await call("PATCH", url, reader, { price_cents: 199 });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: "FORBIDDEN", detail: ONLY_AUTHOR_PRICES });
    const hidden = await storyIn(api, owner, "completed");
    const notSeen = await call("PATCH", `/v1/stories/${hidden}/price`, reader, { price_cents: 99 });
    expect(notSeen.statusCode).toBe(404);
  });

  it("documents the price points of common as the only prices, in the OpenAPI document", async () => {
    const document = (await call("GET", "/v1/openapi.json")).json();
    const schema = document.components.schemas.StoryDetail.properties.price_cents;
    const points = schema.anyOf.flatMap((option: { enum?: number[] }) => option.enum ?? []);
    expect(points).toEqual([...PRICE_POINTS_CENTS]);
  });

  it("takes only the price points", async () => {
    const story = await listedStory(api, owner, null);
    for (const price_cents of [100, 0, -99, "199", 1999]) {
      const response = await call("PATCH", `/v1/stories/${story.publicId}/price`, owner, {
        price_cents,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "price_cents" });
    }
  });

  it("answers 409 NOT_PRICEABLE for a story that is private or not completed; freeing one works", async () => {
    for (const status of ["completed", "ready_for_review"] as const) {
      const id = await storyIn(api, owner, status);
      const response = await call("PATCH", `/v1/stories/${id}/price`, owner, { price_cents: 99 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: "NOT_PRICEABLE", detail: NOT_PRICEABLE });
      const free = await call("PATCH", `/v1/stories/${id}/price`, owner, { price_cents: null });
      expect(free.statusCode).toBe(200);
    }
  });

  it("keeps a priced story's price when its author makes it private; it is no longer listed", async () => {
    const story = await listedStory(api, owner, 499);
    await call("PATCH", `/v1/stories/${story.publicId}`, owner, { is_public: false });
    const mine = (await call("GET", `/v1/stories/${story.publicId}`, owner)).json<StoryJson>();
    expect(mine.price_cents).toBe(499);
    expect((await call("GET", `/v1/stories/${story.publicId}`, reader)).statusCode).toBe(404);
  });
});

describe("DELETE /v1/admin/stories/{id}/price", () => {
  it("lets an admin, and no one else, make a priced story free", async () => {
    const story = await listedStory(api, owner, 199);
    const url = `/v1/admin/stories/${story.publicId}/price`;
    expect((await call("DELETE", url)).statusCode).toBe(401);
    for (const person of [reader, owner, moderator]) {
      expect((await call("DELETE", url, person)).statusCode).toBe(403);
    }
    const unpriced = await call("DELETE", url, admin);
    expect(unpriced.statusCode).toBe(200);
    expect(unpriced.json()).toMatchObject({ price_cents: null });
    const read = (await call("GET", `/v1/stories/${story.publicId}`, reader)).json<StoryJson>();
    expect(read.viewer_access).toEqual({ full: true, pictures: false, reason: "free" });
    expect(JSON.stringify(read)).toContain(LOCKED_WORDS);
  });

  it("answers 404 for a story that does not exist or that an admin may not read", async () => {
    expect((await call("DELETE", "/v1/admin/stories/nosuchstory/price", admin)).statusCode).toBe(
      404,
    );
    const draft = await storyIn(api, owner, "ready_for_review");
    expect((await call("DELETE", `/v1/admin/stories/${draft}/price`, admin)).statusCode).toBe(404);
  });
});

describe("GET /v1/stories/{id} of a priced story", () => {
  it.each([
    ["a visitor", () => null, { full: false, pictures: false, reason: "preview" }],
    ["a signed-in reader", () => reader, { full: false, pictures: false, reason: "preview" }],
    ["a premium reader", () => premium, { full: false, pictures: true, reason: "preview" }],
    [
      "a buyer whose purchase was refunded",
      () => refunded,
      { full: false, pictures: false, reason: "preview" },
    ],
  ])("gives %s the free part only, the later chapter as a stub", async (_who, person, access) => {
    const story = await pricedAndBought();
    const response = await call("GET", `/v1/stories/${story.publicId}`, person());
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(LOCKED_WORDS);
    expect(response.body).not.toContain(story.lockedPictureId);
    const json = response.json<StoryJson>();
    expect(json.viewer_access).toEqual(access);
    expect(json.price_cents).toBe(199);
    expect(json.content?.chapters).toEqual([
      { title: "The Bottle", paragraphs: [FREE_WORDS, "Inside lay a map."], locked: false },
      { title: "The Cellar", paragraphs: [], locked: true },
    ]);
    const shown = json.images.map((image) => image.id);
    expect(shown).toEqual(access.pictures ? [story.coverId, story.freePictureId] : [story.coverId]);
    if (!access.pictures) expect(response.body).not.toContain(story.freePictureId);
  });

  it.each([
    ["the buyer", () => buyer, "purchased"],
    ["the author", () => owner, "author"],
    ["a moderator", () => moderator, "moderator"],
    ["an admin", () => admin, "moderator"],
  ])("gives %s the whole text and every picture", async (_who, person, reason) => {
    const story = await pricedAndBought();
    const response = await call("GET", `/v1/stories/${story.publicId}`, person());
    expect(response.body).toContain(LOCKED_WORDS);
    const json = response.json<StoryJson>();
    expect(json.viewer_access).toEqual({ full: true, pictures: true, reason });
    expect(json.content?.chapters.every((chapter) => !chapter.locked)).toBe(true);
    expect(json.images.map((image) => image.id).sort()).toEqual(
      [story.coverId, story.freePictureId, story.lockedPictureId].sort(),
    );
  });

  it("keeps a buyer's access after the author makes it free and prices it again", async () => {
    const story = await pricedAndBought();
    const url = `/v1/stories/${story.publicId}/price`;
    await call("PATCH", url, owner, { price_cents: null });
    await call("PATCH", url, owner, { price_cents: 499 });
    const json = (await call("GET", `/v1/stories/${story.publicId}`, buyer)).json<StoryJson>();
    expect(json.viewer_access).toEqual({ full: true, pictures: true, reason: "purchased" });
  });

  it("shows a free story's illustrations to premium readers only", async () => {
    const story = await listedStory(api, owner, null);
    const ids = async (person: TestPerson | null) =>
      (await call("GET", `/v1/stories/${story.publicId}`, person))
        .json<StoryJson>()
        .images.map((image) => image.id);
    expect(await ids(null)).toEqual([story.coverId]);
    expect(await ids(reader)).toEqual([story.coverId]);
    expect((await ids(premium)).sort()).toEqual(
      [story.coverId, story.freePictureId, story.lockedPictureId].sort(),
    );
  });
});

describe("the other paths a priced story's text could take", () => {
  it("a reader's bookmark answers with the free part only", async () => {
    const story = await pricedAndBought();
    const response = await call("POST", `/v1/stories/${story.publicId}/bookmark`, reader);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(LOCKED_WORDS);
    expect(response.json<StoryJson>().viewer_access?.reason).toBe("preview");
  });

  it("cards carry the price and no text past the free part", async () => {
    const story = await pricedAndBought();
    const response = await call("GET", "/v1/stories?size=50", reader);
    const card = response
      .json<{ items: Array<StoryJson & { public_id: string; preview: string }> }>()
      .items.find((item) => item.public_id === story.publicId);
    expect(card).toMatchObject({ price_cents: 199, content: null, viewer_access: null });
    expect(card?.preview).toBe(FREE_WORDS);
    expect(response.body).not.toContain(LOCKED_WORDS);
  });

  it("search finds a priced story by its free part only, and quotes nothing past it", async () => {
    const story = await pricedAndBought();
    const byLocked = await call("GET", "/v1/stories/search?q=cellar%20door");
    expect(byLocked.body).not.toContain(story.publicId);
    const byFree = await call("GET", "/v1/stories/search?q=green%20bottle&size=50");
    expect(byFree.body).toContain(story.publicId);
    expect(byFree.body).not.toContain(LOCKED_WORDS);
  });

  it("serves an illustration only to readers who may see it; the cover to everyone", async () => {
    const story = await pricedAndBought();
    const picture = (id: string, person?: TestPerson | null, query = "") =>
      call("GET", `/v1/media/${id}${query}`, person);
    for (const person of [null, reader, refunded]) {
      expect((await picture(story.coverId, person)).statusCode).toBe(200);
      const free = await picture(story.freePictureId, person);
      expect(free.statusCode).toBe(404);
      expect(free.json()).toEqual({ code: "NOT_FOUND", detail: "Picture not found." });
      expect((await picture(story.lockedPictureId, person)).statusCode).toBe(404);
    }
    // Premium: the free part's pictures, not the locked part's.
    const premiumFree = await picture(story.freePictureId, premium);
    expect(premiumFree.statusCode).toBe(200);
    expect(premiumFree.headers["cache-control"]).toMatch(/^private/);
    expect((await picture(story.lockedPictureId, premium)).statusCode).toBe(404);
    for (const person of [buyer, owner, moderator]) {
      expect((await picture(story.lockedPictureId, person)).statusCode).toBe(200);
    }
  });

  it("serves an illustration by the signed URL its reader was given, and nothing by a forged one", async () => {
    const story = await pricedAndBought();
    const json = (await call("GET", `/v1/stories/${story.publicId}`, buyer)).json<StoryJson>();
    const locked = json.images.find((image) => image.id === story.lockedPictureId);
    expect(locked?.url).toMatch(/^\/v1\/media\/[\w-]+\?exp=\d+&sig=[\w-]{43}$/);
    // An <img> sends no token: the URL alone must do.
    expect((await call("GET", locked!.url)).statusCode).toBe(200);
    const forged = locked!.url.replace(/sig=./, (start) =>
      start.endsWith("A") ? "sig=B" : "sig=A",
    );
    expect((await call("GET", forged)).statusCode).toBe(404);
    const otherPicture = locked!.url.replace(story.lockedPictureId, story.freePictureId);
    expect((await call("GET", otherPicture)).statusCode).toBe(404);
  });

  it("sends inline notes in the locked part without their passage to readers who have not bought it", async () => {
    const story = await pricedAndBought();
    const url = `/v1/comments/stories/${story.publicId}/comments`;
    // The buyer quotes the locked part; offsets are the canonical text's.
    const full = (await call("GET", `/v1/stories/${story.publicId}`, buyer)).json<StoryJson>();
    const text = full.content!.chapters.flatMap((chapter) => chapter.paragraphs).join("\n\n");
    const start = text.indexOf(LOCKED_WORDS);
    const posted = await call("POST", url, buyer, {
      content: "What a twist.",
      location: { start, end: start + LOCKED_WORDS.length },
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({ quote: LOCKED_WORDS });
    const freeStart = text.indexOf("green bottle");
    await call("POST", url, buyer, {
      content: "Green!",
      location: { start: freeStart, end: freeStart + "green bottle".length },
    });

    for (const person of [null, reader, premium]) {
      const list = await call("GET", url, person);
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(LOCKED_WORDS);
      const notes =
        list.json<Array<{ content: string; quote: string | null; location: unknown }>>();
      expect(notes.find((note) => note.content === "What a twist.")).toMatchObject({
        quote: null,
        location: null,
      });
      expect(notes.find((note) => note.content === "Green!")).toMatchObject({
        quote: "green bottle",
        location: { start: freeStart, end: freeStart + "green bottle".length },
      });
    }
    const theirs = (await call("GET", url, buyer)).json<Array<{ quote: string | null }>>();
    expect(theirs.map((note) => note.quote)).toContain(LOCKED_WORDS);

    // Quoting the locked part without having bought it is quoting text one cannot read.
    const refused = await call("POST", url, reader, {
      content: "Peeking.",
      location: { start, end: start + LOCKED_WORDS.length },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).not.toContain(LOCKED_WORDS);
  });

  it("the live channel sends a reader the free part and the author everything", async () => {
    const story = await pricedAndBought();
    const base = await listen(api.app);
    const snapshot = async (person: TestPerson) => {
      const client = await openStream(base, story.publicId, {
        header: person.headers.authorization,
      });
      const first = await client.next(() => true, "the snapshot");
      client.close();
      return first;
    };
    const theReader = await snapshot(reader);
    expect(JSON.stringify(theReader)).not.toContain(LOCKED_WORDS);
    expect(theReader.content_preview).toMatchObject({
      chapters: [
        { title: "The Bottle", locked: false },
        { title: "The Cellar", paragraphs: [], locked: true },
      ],
    });
    expect(JSON.stringify(await snapshot(owner))).toContain(LOCKED_WORDS);
    expect(JSON.stringify(await snapshot(buyer))).toContain(LOCKED_WORDS);
  });
});
