import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Chapter } from "@storyloom/common";
import { createOfflineWriter } from "../offline/writer.js";
import { createOpenAiWriter } from "../openai/writer.js";
import {
  startFakeServer,
  streamedCompletion,
  type FakeServer,
} from "../testing/openai-fake-server.js";
import type { StoryRequest } from "../contract.js";
import { CARRY_ON_SUMMARY, nextChapterPlan, writeNextChapter } from "./next-chapter.js";

// Continue the story: the next chapter, written live by the offline writer and by an
// OpenAI-compatible model (a real streaming server on a local port), from the story so far.

const request: StoryRequest = {
  title: "The Lantern Keeper",
  outline: "A lighthouse keeper finds a map under the floorboards.",
  tags: ["fantasy"],
  themeKeywords: ["light", "sea"],
  desiredLength: "short",
  nastinessLevel: "light",
};

const sofar: Chapter[] = [
  { title: "The Map", paragraphs: ["Mira found the map.", "ENDING-MARKER: she folded it away."] },
  { title: "The Crossing", paragraphs: ["She sailed into the fog at dawn."] },
];

const input = (direction: string | null) => ({
  request,
  plan: null,
  description: "A keeper follows a map out to sea.",
  chapters: sofar,
  direction,
});

describe("nextChapterPlan", () => {
  it("adds one chapter after the story so far, its summary the owner's direction", () => {
    const plan = nextChapterPlan(input("  The storm breaks the lamp.  "));
    expect(plan.chapters.map((chapter) => chapter.title)).toEqual([
      "The Map",
      "The Crossing",
      "Chapter 3",
    ]);
    expect(plan.chapters[2]).toMatchObject({ summary: "The storm breaks the lamp." });
    expect(plan.chapters[2]?.targetWords).toBeGreaterThanOrEqual(150);
  });

  it("carries on as the writer sees fit without a direction", () => {
    expect(nextChapterPlan(input(null)).chapters[2]?.summary).toBe(CARRY_ON_SUMMARY);
    expect(nextChapterPlan(input("   ")).chapters[2]?.summary).toBe(CARRY_ON_SUMMARY);
  });
});

describe("writeNextChapter with the offline writer", () => {
  it("streams a new chapter whose text follows the direction given", async () => {
    const writer = createOfflineWriter({ paceMs: 0 });
    const progress: Chapter[] = [];
    const storm = await writeNextChapter(writer, {
      ...input("The storm breaks the lamp."),
      onProgress: (partial) => progress.push(partial),
    });
    const calm = await writeNextChapter(writer, input("A calm morning brings a letter."));

    expect(storm.title).toBe("Chapter 3");
    expect(storm.paragraphs.length).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toStrictEqual(storm);
    expect(calm.paragraphs).not.toEqual(storm.paragraphs);
    for (const chapter of sofar) expect(storm.paragraphs).not.toEqual(chapter.paragraphs);
  });
});

describe("writeNextChapter with an OpenAI-compatible model", () => {
  let server: FakeServer;
  beforeEach(async () => {
    server = await startFakeServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it("streams the chapter and sends the story so far and the direction as data", async () => {
    server.reply(streamedCompletion(["The storm came ", "at night.\n\nThe lamp ", "went dark."]));
    const writer = createOpenAiWriter({ baseUrl: server.baseUrl, model: "test-model" });
    const progress: Chapter[] = [];
    const chapter = await writeNextChapter(writer, {
      ...input("DIRECTION-MARKER: the storm breaks the lamp."),
      onProgress: (partial) => progress.push(partial),
    });

    expect(chapter).toStrictEqual({
      title: "Chapter 3",
      paragraphs: ["The storm came at night.", "The lamp went dark."],
    });
    expect(progress.length).toBeGreaterThan(1);
    const body = server.requests[0]?.body as { messages: Array<{ role: string; content: string }> };
    const system = body.messages.find((message) => message.role === "system")?.content ?? "";
    const user = JSON.parse(body.messages.find((m) => m.role === "user")?.content ?? "{}");
    expect(system).toMatch(/chapter 3 of 3/);
    expect(system).not.toContain("DIRECTION-MARKER");
    expect(user.chapterToWrite).toMatchObject({
      number: 3,
      summary: "DIRECTION-MARKER: the storm breaks the lamp.",
    });
    expect(user.previousChapterEnding).toContain("She sailed into the fog");
    expect(user.chapters.map((c: { title: string }) => c.title)).toEqual([
      "The Map",
      "The Crossing",
      "Chapter 3",
    ]);
  });
});
