import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createOfflineIllustrator } from "@storyloom/writer";
import type { ChapterPublishedEvent } from "./continue-story.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";
import { newPerson, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import { LOCKED_WORDS, listedStory } from "../testing/access-fixtures.js";
import {
  eventually,
  observedWriter,
  startWorkers,
  storyRow,
  untilAborted,
  type TestWorkers,
} from "../testing/worker-test-kit.js";

// Continue the story over REST with a real worker (the offline writer): the owner asks for a next
// chapter, it is written into the row, reviewed, and confirmed as the story's last chapter — a new
// version; followers of the writer see "new chapter"; paid chapters stay paid.

let api: TestApi;
let owner: TestPerson;
let follower: TestPerson;
let stranger: TestPerson;
const published: ChapterPublishedEvent[] = [];
const running: TestWorkers[] = [];

beforeAll(async () => {
  api = await startTestApi(undefined, {}, undefined, {
    chapterPublished: (event) => void published.push(event),
  });
  [owner, follower, stranger] = await Promise.all([
    newPerson(api, "owner"),
    newPerson(api, "follower"),
    newPerson(api, "stranger"),
  ]);
  const followed = await call("POST", "/subscriptions", follower, { author_id: owner.id });
  expect(followed.statusCode).toBeLessThan(300);
});
afterEach(async () => {
  for (const workers of running.splice(0)) await workers.stop();
});
afterAll(() => api?.close());

async function call(
  method: "GET" | "POST" | "DELETE",
  url: string,
  as: TestPerson,
  payload?: object,
) {
  return api.app.inject({ method, url: `/v1${url}`, headers: as.headers, payload });
}

async function workers(options: Parameters<typeof startWorkers>[1] = {}) {
  const started = await startWorkers(api.database.db, options);
  running.push(started);
  return started;
}

async function nextChapterState(id: string, state: string) {
  return eventually(async () => {
    const story = (await call("GET", `/stories/${id}`, owner)).json();
    return story.continuation?.state === state ? story : undefined;
  }, `the next chapter to be ${state}`);
}

describe("continue the story", () => {
  it("writes the next chapter for review, then publishes it as a new version on confirm", async () => {
    await workers();
    const { publicId: id } = await listedStory(api, owner, null);
    const asked = await call("POST", `/stories/${id}/continue`, owner, {
      direction: "  The keeper follows the map into the cellar.  ",
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().continuation).toMatchObject({
      state: "writing",
      direction: "The keeper follows the map into the cellar.",
    });

    const review = await nextChapterState(id, "ready_for_review");
    const chapter = review.continuation.chapter;
    expect(chapter.title).toBe("Chapter 3");
    expect(chapter.paragraphs.length).toBeGreaterThan(0);
    // Readers keep reading the story as it was; the next chapter is the owner's until confirmed.
    const meanwhile = (await call("GET", `/stories/${id}`, stranger)).json();
    expect(meanwhile.continuation).toBeNull();
    expect(meanwhile.content.chapters).toHaveLength(2);

    const confirmed = await call("POST", `/stories/${id}/next_chapter/confirm`, owner);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ continuation: null, status: "completed" });
    expect(confirmed.json().content.chapters).toHaveLength(3);
    expect(confirmed.json().content.chapters[2]).toMatchObject({
      title: chapter.title,
      paragraphs: chapter.paragraphs,
    });
    const versions = (await call("GET", `/stories/${id}/versions`, owner)).json().items;
    expect(versions[0]).toMatchObject({ cause: "chapter_added" });
    expect(published).toContainEqual({
      storyId: id,
      storyRowId: expect.any(String),
      authorId: owner.id,
      number: 3,
      title: "Chapter 3",
    });

    const forFollower = (await call("GET", `/stories/${id}`, follower)).json();
    expect(forFollower).toMatchObject({ new_chapter: true, chapter_added_at: expect.any(String) });
    expect((await call("GET", `/stories/${id}`, stranger)).json().new_chapter).toBe(false);
    const cards = (
      await call("GET", `/users/by-username/${owner.username}/stories`, follower)
    ).json().items as Array<{ public_id: string; new_chapter: boolean }>;
    expect(cards.find((card) => card.public_id === id)?.new_chapter).toBe(true);
  });

  it("keeps a priced story's new chapter paid: readers without a purchase get it locked", async () => {
    await workers();
    const { publicId: id } = await listedStory(api, owner, 199);
    expect((await call("POST", `/stories/${id}/continue`, owner, {})).statusCode).toBe(202);
    await nextChapterState(id, "ready_for_review");
    expect((await call("POST", `/stories/${id}/next_chapter/confirm`, owner)).statusCode).toBe(200);

    const read = await call("GET", `/stories/${id}`, stranger);
    const chapters = read.json().content.chapters;
    expect(chapters).toHaveLength(3);
    expect(chapters[2]).toMatchObject({ locked: true, paragraphs: [] });
    expect(read.body).not.toContain(LOCKED_WORDS);
    const own = (await call("GET", `/stories/${id}`, owner)).json().content.chapters;
    expect(own[2].paragraphs.length).toBeGreaterThan(0);
  });

  it("stops the writer when the owner discards the chapter being written", async () => {
    const { writer, calls } = observedWriter({
      beforeChapter: (input) => untilAborted(input.signal),
    });
    const pool = await workers({ tools: { writer, illustrator: createOfflineIllustrator() } });
    const id = await storyIn(api, owner, "completed");
    expect((await call("POST", `/stories/${id}/continue`, owner)).statusCode).toBe(202);
    await eventually(() => (calls.signals.length > 0 ? true : undefined), "the writer to start");

    const discarded = await call("DELETE", `/stories/${id}/next_chapter`, owner);
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json().continuation).toBeNull();
    await eventually(() => (calls.signals[0]?.aborted ? true : undefined), "the writer to stop");
    await eventually(
      () =>
        pool.outcomes.some((o) => o.publicId === id && o.outcome === "lost") ? true : undefined,
      "the job to be lost",
    );
    const row = await storyRow(api.database.db, id);
    expect(row).toMatchObject({ continuationState: null, continuation: null, leaseOwner: null });
    expect(row.content?.chapters).toHaveLength(1);
  });
});

describe("continue the story refuses, changing nothing", () => {
  it("a story being written, a non-owner, a direction over the limit, a second request", async () => {
    const generating = await storyIn(api, owner, "generating");
    const busy = await call("POST", `/stories/${generating}/continue`, owner);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().detail).toBe(
      "This story is still being written. Wait until it is finished.",
    );

    const id = await storyIn(api, owner, "completed", { isPublic: true });
    const before = await storyRow(api.database.db, id);
    const notTheirs = await call("POST", `/stories/${id}/continue`, stranger);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().detail).toBe("Only the author can continue this story.");
    const tooLong = await call("POST", `/stories/${id}/continue`, owner, {
      direction: "x".repeat(501),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().detail).toBe("The direction can be at most 500 characters.");
    const nothing = await call("POST", `/stories/${id}/next_chapter/confirm`, owner);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().detail).toBe("There is no new chapter to confirm.");
    expect((await call("DELETE", `/stories/${id}/next_chapter`, owner)).statusCode).toBe(409);
    expect(await storyRow(api.database.db, id)).toMatchObject({
      eventSeq: before.eventSeq,
      continuationState: null,
    });

    expect((await call("POST", `/stories/${id}/continue`, owner)).statusCode).toBe(202);
    const twice = await call("POST", `/stories/${id}/continue`, owner);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(
      "A next chapter is already being written. Wait until it is finished.",
    );
    const notTheirsToDiscard = await call("DELETE", `/stories/${id}/next_chapter`, stranger);
    expect(notTheirsToDiscard.statusCode).toBe(403);
  });
});
