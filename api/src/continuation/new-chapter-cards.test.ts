import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { stories } from "../platform/db/schema.js";
import { newPerson, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";
import { NEW_CHAPTER_DAYS } from "./continuation-rules.js";

// "New chapter" on story cards (docs/product.md#story-cards): every list of cards, and the small
// per-viewer call the bff lays over shared pages (docs/decisions/043), say it to the writer's
// followers only, for NEW_CHAPTER_DAYS after a chapter was added.

let api: TestApi;
let writer: TestPerson;
let follower: TestPerson;
let stranger: TestPerson;
/** A chapter added an hour ago, one added just over the window ago, and none. */
let fresh: string;
let old: string;
let never: string;

const DAY_MS = 86_400_000;

async function listed(chapterAddedAt: Date | null): Promise<string> {
  const publicId = await storyIn(api, writer, "completed", { isPublic: true });
  await api.database.db
    .update(stories)
    .set({ publishedAt: new Date(), chapterAddedAt })
    .where(eq(stories.publicId, publicId));
  return publicId;
}

beforeAll(async () => {
  api = await startTestApi();
  [writer, follower, stranger] = await Promise.all([
    newPerson(api, "writer"),
    newPerson(api, "follower"),
    newPerson(api, "stranger"),
  ]);
  const followed = await call("POST", "/subscriptions", follower, { author_id: writer.id });
  expect(followed.statusCode).toBeLessThan(300);
  fresh = await listed(new Date(Date.now() - 3_600_000));
  old = await listed(new Date(Date.now() - (NEW_CHAPTER_DAYS + 1) * DAY_MS));
  never = await listed(null);
});
afterAll(() => api?.close());

function call(method: "GET" | "POST", url: string, as: TestPerson | null, payload?: object) {
  return api.app.inject({ method, url: `/v1${url}`, headers: as?.headers ?? {}, payload });
}

/** new_chapter of each of the three stories in a list's answer, as `as` gets it. */
async function newChapterIn(url: string, as: TestPerson | null) {
  const answer = await call("GET", url, as);
  expect(answer.statusCode).toBe(200);
  const items = answer.json().items as Array<{ public_id: string; new_chapter: boolean }>;
  const of = (id: string) => items.find((item) => item.public_id === id)?.new_chapter;
  return { fresh: of(fresh), old: of(old), never: of(never) };
}

describe("new chapter on story cards", () => {
  it("is true on the writer's follower's cards in the newest list and the profile, false for others and visitors", async () => {
    const lists = [
      `/stories?author=${encodeURIComponent(writer.username)}`,
      `/users/by-username/${encodeURIComponent(writer.username)}/stories`,
    ];
    for (const url of lists) {
      expect(await newChapterIn(url, follower), url).toEqual({
        fresh: true,
        old: false,
        never: false,
      });
      for (const other of [stranger, writer, null]) {
        expect(await newChapterIn(url, other), url).toEqual({
          fresh: false,
          old: false,
          never: false,
        });
      }
    }
  });

  it("is true on the follower's bookmarks", async () => {
    for (const id of [fresh, old]) {
      expect((await call("POST", `/stories/${id}/bookmark`, follower)).statusCode).toBe(200);
      expect((await call("POST", `/stories/${id}/bookmark`, stranger)).statusCode).toBe(200);
    }
    const bookmarks = await newChapterIn("/bookmarks", follower);
    expect(bookmarks).toEqual({ fresh: true, old: false, never: undefined });
    expect(await newChapterIn("/bookmarks", stranger)).toEqual({
      fresh: false,
      old: false,
      never: undefined,
    });
  });

  it("is in each member's own state on a shared page (GET /v1/me/story-states)", async () => {
    const ids = [fresh, old, never].join(",");
    const states = async (as: TestPerson) => {
      const answer = await call("GET", `/me/story-states?ids=${ids}`, as);
      expect(answer.statusCode).toBe(200);
      return (answer.json().items as Array<{ public_id: string; new_chapter: boolean }>).map(
        (item) => [item.public_id, item.new_chapter],
      );
    };
    expect(await states(follower)).toEqual([
      [fresh, true],
      [old, false],
      [never, false],
    ]);
    for (const other of [stranger, writer]) {
      expect(await states(other)).toEqual([
        [fresh, false],
        [old, false],
        [never, false],
      ]);
    }
  });
});
