import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createOfflineIllustrator,
  WriterError,
  type StoryPlan,
  type StoryWriter,
} from "@storyloom/writer";
import { stories } from "../../platform/db/schema.js";
import { bearer, startTestApi, type TestApi } from "../../testing/test-api.js";
import { newUser } from "../../testing/tokens.js";
import {
  eventually,
  mediaRows,
  observedIllustrator,
  observedWriter,
  startStory,
  startWorkers,
  storyRow,
  storyWithStatus,
  untilAborted,
  type TestWorkers,
} from "../../testing/worker-test-kit.js";

let api: TestApi;
let author: { idToken: string };
const running: TestWorkers[] = [];

beforeAll(async () => {
  api = await startTestApi();
});
// A new author per test: starts are rate-limited per user (10 per 10 minutes).
beforeEach(async () => {
  author = await newUser(api.authHost, "author");
});
afterEach(async () => {
  for (const workers of running.splice(0)) await workers.stop();
});
afterAll(() => api?.close());

async function workersWith(options: Parameters<typeof startWorkers>[1] = {}) {
  const workers = await startWorkers(api.database.db, options);
  running.push(workers);
  return workers;
}

const db = () => api.database.db;

describe("the generation worker", () => {
  it("writes a started story to ready_for_review: the chapters of its plan, a preview, pictures", async () => {
    await workersWith();
    const id = await startStory(api, author.idToken);

    const story = await storyWithStatus(db(), id, "ready_for_review");
    const plan = story.plan as StoryPlan;
    expect(story).toMatchObject({
      progress: 100,
      statusMessage: "Your story is ready for review.",
      error: null,
      leaseOwner: null,
      attempt: 0,
      imagesState: "done",
      description: plan.description,
    });
    expect(plan).not.toHaveProperty("draft");
    expect(plan.chapters.length).toBeGreaterThan(1);
    const chapters = story.content?.chapters ?? [];
    expect(chapters.map((chapter) => chapter.title)).toEqual(
      plan.chapters.map((chapter) => chapter.title),
    );
    for (const chapter of chapters) expect(chapter.paragraphs.length).toBeGreaterThan(0);
    expect(chapters[0]?.paragraphs[0]?.startsWith(story.preview?.replace(/…$/, "") ?? "?")).toBe(
      true,
    );

    const media = await mediaRows(db(), story.id);
    expect(media.filter((row) => row.role === "cover")).toHaveLength(1);
    expect(media.filter((row) => row.role === "chapter")).toHaveLength(chapters.length);
    expect(media.every((row) => row.generation === story.generation)).toBe(true);

    const response = await api.app.inject({
      url: `/v1/stories/${id}`,
      headers: bearer(author.idToken),
    });
    expect(response.json()).toMatchObject({ status: "ready_for_review", progress: 100 });
    expect(response.json().images).toHaveLength(chapters.length + 1);
  });

  it("keeps the writer's text as version 1 (written), and a regeneration's as regenerated", async () => {
    // The offline writer writes the same words for the same request: the second pass differs.
    const observed = observedWriter();
    const writer: StoryWriter = {
      ...observed.writer,
      async writeChapter(input) {
        const chapter = await observed.writer.writeChapter(input);
        if (observed.calls.plans.length < 2) return chapter;
        return { ...chapter, paragraphs: chapter.paragraphs.map((text) => `Again, ${text}`) };
      },
    };
    await workersWith({ tools: { writer, illustrator: createOfflineIllustrator() } });
    const id = await startStory(api, author.idToken);
    await storyWithStatus(db(), id, "ready_for_review");
    const headers = bearer(author.idToken);
    const restart = await api.app.inject({
      method: "POST",
      url: `/v1/stories/${id}/restart`,
      headers,
    });
    expect(restart.statusCode).toBe(200);
    await storyWithStatus(db(), id, "ready_for_review");

    const response = await api.app.inject({ url: `/v1/stories/${id}/versions`, headers });
    expect(response.json().items).toMatchObject([
      { number: 2, cause: "regenerated" },
      { number: 1, cause: "written" },
    ]);
  });

  it("resumes a story whose worker died: the plan and checkpointed chapters are not written again", async () => {
    const first = observedWriter({
      // The second chapter's model call never returns: the worker dies in the middle of it.
      beforeChapter: (input) => (input.index === 1 ? untilAborted(input.signal) : undefined),
    });
    const crashed = await workersWith({
      tools: { writer: first.writer, illustrator: createOfflineIllustrator() },
    });
    const id = await startStory(api, author.idToken);
    await eventually(() => (first.calls.chapters.includes(1) ? true : undefined), "chapter 2");
    const checkpoint = await storyRow(db(), id);
    expect(checkpoint.content?.chapters).toHaveLength(1);
    await crashed.kill();
    expect((await storyRow(db(), id)).leaseOwner).not.toBeNull();

    // The dead worker's lease runs out; another worker claims the story.
    await db()
      .update(stories)
      .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(stories.publicId, id));
    const second = observedWriter();
    await workersWith({
      tools: { writer: second.writer, illustrator: createOfflineIllustrator() },
    });

    const story = await storyWithStatus(db(), id, "ready_for_review");
    const planned = (checkpoint.plan as StoryPlan).chapters.length;
    expect(second.calls.plans).toEqual([]);
    expect(second.calls.chapters).toEqual(Array.from({ length: planned - 1 }, (_, i) => i + 1));
    expect(story.content?.chapters[0]).toEqual(checkpoint.content?.chapters[0]);
    expect(story.content?.chapters).toHaveLength(planned);
    expect(story.attempt).toBe(0);
  });

  it("hands its story back at once when it shuts down, so the next worker carries on", async () => {
    const first = observedWriter({
      beforeChapter: (input) => (input.index === 0 ? untilAborted(input.signal) : undefined),
    });
    const stopping = await workersWith({
      tools: { writer: first.writer, illustrator: createOfflineIllustrator() },
    });
    const id = await startStory(api, author.idToken);
    await eventually(() => (first.calls.chapters.length > 0 ? true : undefined), "chapter 1");
    await stopping.stop();
    expect(first.calls.signals[0]?.aborted).toBe(true);
    expect((await storyRow(db(), id)).leaseOwner).toBeNull();

    const second = observedWriter();
    await workersWith({
      tools: { writer: second.writer, illustrator: createOfflineIllustrator() },
    });
    await storyWithStatus(db(), id, "ready_for_review");
    expect(second.calls.plans).toEqual([]);
  });

  it("aborts the writer's call in flight when the owner discards the story, which stays discarded", async () => {
    const writer = observedWriter({ beforeChapter: (input) => untilAborted(input.signal) });
    const workers = await workersWith({
      tools: { writer: writer.writer, illustrator: createOfflineIllustrator() },
    });
    const id = await startStory(api, author.idToken);
    await eventually(() => writer.calls.signals[0], "the first chapter call");

    const discard = await api.app.inject({
      method: "DELETE",
      url: `/v1/stories/${id}/discard`,
      headers: bearer(author.idToken),
    });
    expect(discard.statusCode).toBe(200);
    await eventually(() => (writer.calls.signals[0]?.aborted ? true : undefined), "the abort");
    await eventually(
      () => workers.outcomes.find((entry) => entry.publicId === id && entry.outcome === "lost"),
      "the job to be dropped",
    );
    // Stopped, the pool has no work in flight: what the story holds now is final.
    await workers.pool.stop();
    const story = await storyRow(db(), id);
    expect(story.status).toBe("discarded");
    expect(story.content).toBeNull();
    expect(writer.calls.chapters).toEqual([0]);
  });

  it("retries a retryable writer failure from its checkpoint, then finishes", async () => {
    const writer = observedWriter({
      beforeChapter: (_input, call) => {
        if (call === 1) throw new WriterError("The story model timed out.", true);
      },
    });
    const workers = await workersWith({
      tools: { writer: writer.writer, illustrator: createOfflineIllustrator() },
    });
    const id = await startStory(api, author.idToken);

    const story = await storyWithStatus(db(), id, "ready_for_review");
    // The worker tells its outcome once the story's row is written: wait for it, then read all.
    await eventually(
      () => workers.outcomes.find((entry) => entry.publicId === id && entry.outcome === "finished"),
      "the finished outcome",
    );
    expect(workers.outcomes.filter((entry) => entry.publicId === id).map((e) => e.outcome)).toEqual(
      ["retrying", "finished"],
    );
    expect(writer.calls.plans).toHaveLength(1);
    expect(writer.calls.chapters.slice(0, 2)).toEqual([0, 0]);
    expect(story.error).toBeNull();
  });

  it("turns a permanent writer failure into an error the owner can read", async () => {
    const writer = observedWriter({
      beforeChapter: () => {
        throw new WriterError("The story model refused the request.", false);
      },
    });
    await workersWith({
      tools: { writer: writer.writer, illustrator: createOfflineIllustrator() },
    });
    const id = await startStory(api, author.idToken);

    const story = await storyWithStatus(db(), id, "error");
    expect(story.error).toBe("Story generation failed: The story model refused the request.");
    expect(story.statusMessage).toBe(story.error);
    expect(story.leaseOwner).toBeNull();
    expect(writer.calls.chapters).toEqual([0]);
  });

  it("gives up after STORY_MAX_ATTEMPTS retryable failures, saying so", async () => {
    const writer = observedWriter({
      beforeChapter: () => {
        throw new WriterError("The story model is overloaded.", true);
      },
    });
    await workersWith({
      tools: { writer: writer.writer, illustrator: createOfflineIllustrator() },
      config: { workers: 1, leaseSeconds: 30, maxAttempts: 2 },
    });
    const id = await startStory(api, author.idToken);

    const story = await storyWithStatus(db(), id, "error");
    expect(story.error).toBe(
      "Story generation failed after 2 attempts: The story model is overloaded.",
    );
    expect(writer.calls.chapters).toEqual([0, 0]);
  });

  it("redraws only the cover, then all pictures, when the owner asks; the status stays", async () => {
    const art = observedIllustrator();
    await workersWith({ tools: { writer: observedWriter().writer, illustrator: art.illustrator } });
    const id = await startStory(api, author.idToken);
    const ready = await storyWithStatus(db(), id, "ready_for_review");
    const before = await mediaRows(db(), ready.id);
    const etags = (rows: typeof before, role: string) =>
      rows
        .filter((row) => row.role === role)
        .map((row) => row.etag)
        .sort();

    const coverOnly = await api.app.inject({
      method: "POST",
      url: `/v1/stories/${id}/regenerate_art?album_art_only=true`,
      headers: bearer(author.idToken),
    });
    expect(coverOnly.statusCode).toBe(202);
    const redrawn = await eventually(async () => {
      const story = await storyRow(db(), id);
      return story.imagesState === "done" && story.eventSeq > ready.eventSeq + 1
        ? story
        : undefined;
    }, "the new cover");
    expect(redrawn.status).toBe("ready_for_review");
    expect(art.calls.at(-1)).toEqual({ albumArtOnly: true, variant: redrawn.imagesVariant });
    const afterCover = await mediaRows(db(), ready.id);
    expect(etags(afterCover, "cover")).not.toEqual(etags(before, "cover"));
    expect(etags(afterCover, "chapter")).toEqual(etags(before, "chapter"));

    await api.app.inject({
      method: "POST",
      url: `/v1/stories/${id}/regenerate_art?album_art_only=false`,
      headers: bearer(author.idToken),
    });
    await eventually(async () => {
      const story = await storyRow(db(), id);
      return story.imagesState === "done" && story.imagesVariant === redrawn.imagesVariant + 1
        ? story
        : undefined;
    }, "the new pictures");
    const afterAll = await mediaRows(db(), ready.id);
    expect(art.calls.at(-1)?.albumArtOnly).toBe(false);
    expect(afterAll).toHaveLength(before.length);
    expect(etags(afterAll, "chapter")).not.toEqual(etags(before, "chapter"));
    expect((await storyRow(db(), id)).status).toBe("ready_for_review");
  });
});
