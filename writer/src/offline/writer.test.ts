import { describe, expect, it } from "vitest";
import type { Chapter, DesiredLength, NastinessLevel } from "@storyloom/common";
import { WORD_BUDGET, WriterError, type StoryPlan, type StoryRequest } from "../contract.js";
import { readOutline } from "./outline/read-outline.js";
import { createSeededRandom } from "./seeded-random.js";
import { PARAGRAPH_MAX_WORDS, PARAGRAPH_MIN_WORDS } from "./story/paragraphs.js";
import { countWords } from "./text.js";
import { createOfflineWriter } from "./writer.js";
import { GENRES, type GenreId } from "./words/genres.js";
import { ACTION_LINES, DIALOGUE_LINES, INTERIOR_LINES } from "./words/prose.js";
import { DARK_WORDS, TONES, VIOLENT_WORDS } from "./words/tones.js";

const writer = createOfflineWriter({ paceMs: 0 });

async function writeStory(
  request: StoryRequest,
): Promise<{ plan: StoryPlan; chapters: Chapter[] }> {
  const plan = await writer.plan(request);
  const chapters: Chapter[] = [];
  for (let index = 0; index < plan.chapters.length; index += 1) {
    chapters.push(await writer.writeChapter({ request, plan, index, previous: [...chapters] }));
  }
  return { plan, chapters };
}

function textOf(chapters: readonly Chapter[]): string {
  return chapters.map((chapter) => chapter.paragraphs.join("\n")).join("\n");
}

function wordsIn(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}'-]+/gu) ?? []);
}

const BASE: StoryRequest = {
  title: "The Cartographer's Brother",
  outline:
    "Mara, a young cartographer, travels to the Glass City to find her missing brother Tomas. " +
    "The evil sorcerer Malak hunts them. In the end Mara draws a map that leads everyone home.",
  tags: ["fantasy"],
  themeKeywords: ["family", "courage"],
  desiredLength: "medium",
  nastinessLevel: "medium",
};

/** Outlines with no dark or violent words of their own, so the tone tests measure the writer. */
const OUTLINES = [
  BASE.outline,
  "A girl finds a dragon egg in the forest and must keep it secret from the village.",
  "Write a story about a lonely robot who learns to paint.",
  "Detective Ana Ruiz arrives in Fogmouth after a lighthouse keeper vanishes. Deep in the fog, something waits. She talks to Tomas about the missing key.",
  "two rival bakers in a small village fall in love during the annual pie contest",
  "Captain Reyes and her crew aboard the starship Meridian must reach the colony on Europa before the storm; but Reyes has a secret, and the navigator Pell knows it, and the ship's cat knows even more.",
  "An old clockmaker builds a clock that runs backwards. His granddaughter Iris discovers it can undo one mistake. She must choose which one. Meanwhile the town council wants the clock for themselves.",
  "Nell opens the {sealed} letter [at last] and laughs.",
  "A Robot Named Pip Explores Mars And Finds A Friend",
  "The last lighthouse keeper on the island of Sorrel befriends a seal who can talk, and together they keep the light burning through the longest winter anyone remembers, while ships pass by carrying strangers who need their help, and letters arrive from a mainland that seems further away every year, until one spring a boat brings someone who remembers the keeper's name.",
  "Grandma Ottoline enters the county show with a marrow the size of a sofa.",
  "Kai and Lumi sail from Port Ilian toward the Isle of Whispers.",
];

const TAG_SETS = [
  [],
  ["fantasy"],
  ["sci-fi", "romance"],
  ["mystery"],
  ["horror"],
  ["comedy", "adventure"],
  ["cats", "cozy"],
  ["Romance"],
  ["space opera"],
];

const KEYWORD_SETS = [
  [],
  ["friendship"],
  ["hope", "loss"],
  ["found family", "courage", "second chances"],
  [
    "home",
    "memory",
    "forgiveness",
    "time",
    "trust",
    "wonder",
    "patience",
    "belonging",
    "joy of small things",
    "luck",
    "extra",
  ],
];

/** Many different requests, reproducibly chosen. */
function variedRequests(
  length: DesiredLength,
  count: number,
  nastiness?: NastinessLevel,
): StoryRequest[] {
  const random = createSeededRandom(length.length * 7919 + count + (nastiness?.length ?? 0));
  return Array.from({ length: count }, (_, i) => ({
    title: `${random.pick(["The", "A", "Our", "Beyond the"])} ${random.pick(["Lantern", "Orbit", "Secret", "Marrow", "Storm", "Letter"])} ${i}`,
    outline: OUTLINES[i % OUTLINES.length] as string,
    tags: random.pick(TAG_SETS),
    themeKeywords: random.pick(KEYWORD_SETS),
    desiredLength: length,
    nastinessLevel: nastiness ?? random.pick(["light", "medium", "heavy"] as const),
  }));
}

describe("offline writer: plan", () => {
  it("is named honestly", () => {
    expect(writer.name).toBe("offline writer");
  });

  it.each([
    ["short", 3],
    ["medium", 5],
    ["long", 8],
  ] as const)(
    "plans %s stories in %i chapters whose targets add up to the budget",
    async (length, count) => {
      const plan = await writer.plan({ ...BASE, desiredLength: length });
      expect(plan.title).toBe(BASE.title);
      expect(plan.chapters).toHaveLength(count);
      expect(plan.chapters.reduce((sum, chapter) => sum + chapter.targetWords, 0)).toBe(
        WORD_BUDGET[length],
      );
      expect(new Set(plan.chapters.map((chapter) => chapter.title)).size).toBe(count);
      for (const chapter of plan.chapters) {
        expect(chapter.title.length).toBeGreaterThan(0);
        expect(chapter.summary.split(/[.!?](?:\s|$)/).filter(Boolean).length).toBeLessThanOrEqual(
          3,
        );
      }
    },
  );

  it("describes the story in one or two sentences with its hero, places and keywords", async () => {
    const plan = await writer.plan(BASE);
    expect(plan.description).toMatch(
      /^A\w* .+ Mara, the young cartographer, travels from .+ to the Glass City/,
    );
    expect(plan.description).toContain("It is a story of family and courage.");
    expect(plan.description.match(/\.(\s|$)/g)).toHaveLength(2);
  });

  it("follows the arc: setup first, a resolution last", async () => {
    const plan = await writer.plan(BASE);
    expect(plan.chapters[0]?.summary).toMatch(/Mara|Tomas/);
    expect(plan.chapters[4]?.summary).toMatch(/returns|Loose ends|comes next/);
  });

  it("rejects at once when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("cancelled"));
    await expect(writer.plan(BASE, controller.signal)).rejects.toThrow("cancelled");
  });
});

describe("offline writer: determinism", () => {
  it("gives a byte-identical plan and chapters for the same request, from any writer instance", async () => {
    const first = await writeStory(BASE);
    const reordered: StoryRequest = {
      nastinessLevel: BASE.nastinessLevel,
      desiredLength: BASE.desiredLength,
      themeKeywords: [...BASE.themeKeywords],
      tags: [...BASE.tags],
      outline: BASE.outline,
      title: BASE.title,
    };
    const plan = await createOfflineWriter({ paceMs: 0 }).plan(reordered);
    expect(JSON.stringify(plan)).toBe(JSON.stringify(first.plan));
    const again = await writeStory(reordered);
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
  });

  it("writes a chapter the same whether or not the earlier ones were written first", async () => {
    const { plan, chapters } = await writeStory(BASE);
    const alone = await writer.writeChapter({ request: BASE, plan, index: 3, previous: [] });
    expect(alone).toEqual(chapters[3]);
  });

  it("writes differently for a different request", async () => {
    const a = textOf((await writeStory(BASE)).chapters);
    const b = textOf((await writeStory({ ...BASE, title: "Another Title" })).chapters);
    expect(a).not.toBe(b);
  });
});

describe("offline writer: length and shape", () => {
  it.each(["short", "medium", "long"] as const)(
    "lands within 15 percent of the %s budget for 30 varied requests, with paragraphs of 40-120 words",
    async (length) => {
      const budget = WORD_BUDGET[length];
      for (const request of variedRequests(length, 30)) {
        const { plan, chapters } = await writeStory(request);
        const words = chapters
          .flatMap((c) => c.paragraphs)
          .reduce((sum, p) => sum + countWords(p), 0);
        expect(
          Math.abs(words - budget) / budget,
          `${words} words for ${request.title}`,
        ).toBeLessThanOrEqual(0.15);
        expect(chapters.map((chapter) => chapter.title)).toEqual(
          plan.chapters.map((chapter) => chapter.title),
        );
        for (const paragraph of chapters.flatMap((chapter) => chapter.paragraphs)) {
          const size = countWords(paragraph);
          expect(size, paragraph).toBeGreaterThanOrEqual(PARAGRAPH_MIN_WORDS);
          expect(size, paragraph).toBeLessThanOrEqual(PARAGRAPH_MAX_WORDS);
          // Plain text: no markdown, no line breaks, no unfilled template slots or choices.
          expect(paragraph).not.toMatch(
            /\n|\*\*|^#|^\s*[-*] |\{(?:hero|ally|rival|here|there|home|object)\w*\}|\[[^\]]*\|/,
          );
          expect(paragraph).toBe(paragraph.trim());
        }
      }
    },
  );

  it("accepts a plan with another chapter count and still writes every chapter", async () => {
    const plan = await writer.plan(BASE);
    const shorter: StoryPlan = { ...plan, chapters: plan.chapters.slice(0, 2) };
    const chapter = await writer.writeChapter({
      request: BASE,
      plan: shorter,
      index: 1,
      previous: [],
    });
    expect(chapter.title).toBe(shorter.chapters[1]?.title);
    expect(chapter.paragraphs.length).toBeGreaterThan(0);
  });

  it("refuses a chapter index outside the plan with a final WriterError", async () => {
    const plan = await writer.plan(BASE);
    const failure = writer.writeChapter({ request: BASE, plan, index: 5, previous: [] });
    await expect(failure).rejects.toBeInstanceOf(WriterError);
    await expect(failure).rejects.toMatchObject({ retryable: false });
  });
});

describe("offline writer: built from the request", () => {
  it("uses the outline's characters, places and lines", async () => {
    const text = textOf((await writeStory(BASE)).chapters);
    for (const word of ["Mara", "Tomas", "Malak", "the Glass City", "young cartographer"]) {
      expect(text).toContain(word);
    }
    for (const event of readOutline(BASE.outline).events) expect(text).toContain(event);
  });

  it("carries every outline line of many varied requests, and their names", async () => {
    for (const request of variedRequests("medium", 12)) {
      const text = textOf((await writeStory(request)).chapters);
      const reading = readOutline(request.outline);
      for (const character of reading.characters)
        expect(text).toContain(character.name.split(" ").at(-1));
      if (reading.events.length <= 7)
        for (const event of reading.events) expect(text).toContain(event);
    }
  });

  it("names unnamed outline roles and introduces the hero with them", async () => {
    const request = {
      ...BASE,
      outline: "A lonely robot learns to paint in a small village.",
      tags: ["sci-fi"],
    };
    const { chapters } = await writeStory(request);
    expect(chapters[0]?.paragraphs[0]).toMatch(/[A-Z]\w+, the lonely robot,/);
  });

  it("weaves in every theme keyword", async () => {
    const keywords = ["found family", "courage", "second chances", "the sea"];
    for (const length of ["short", "medium", "long"] as const) {
      const text = textOf(
        (await writeStory({ ...BASE, themeKeywords: keywords, desiredLength: length })).chapters,
      );
      for (const keyword of keywords) expect(text).toContain(keyword);
    }
  });

  it("takes its flavour from the tags", async () => {
    const own = genreMarkers();
    for (const id of [
      "fantasy",
      "scifi",
      "mystery",
      "horror",
      "romance",
      "adventure",
      "comedy",
    ] as GenreId[]) {
      const tag = id === "scifi" ? "sci-fi" : id;
      const words = wordsIn(
        textOf((await writeStory({ ...BASE, tags: [tag], desiredLength: "long" })).chapters),
      );
      const hits = (genre: GenreId) => [...own[genre]].filter((word) => words.has(word)).length;
      const mine = hits(id);
      expect(mine, `${id} markers`).toBeGreaterThanOrEqual(5);
      for (const other of Object.keys(own) as GenreId[]) {
        if (other !== id)
          expect(hits(other), `${other} markers in a ${id} story`).toBeLessThan(mine);
      }
    }
  });

  it("falls back to adventure without genre tags, and reads genre from the outline", async () => {
    const plain = await writer.plan({ ...BASE, tags: [], outline: "Kai walks to the market." });
    expect(plain.description).toMatch(/adventure/);
    const ghostly = await writer.plan({
      ...BASE,
      tags: ["cats"],
      outline: "A ghost haunts the old mill.",
    });
    expect(ghostly.description).toMatch(/ghost story/);
    const blend = await writer.plan({ ...BASE, tags: ["fantasy", "romance"] });
    expect(blend.description).toMatch(/romantic fantasy tale/);
  });
});

describe("offline writer: nastiness", () => {
  const violent = new Set(VIOLENT_WORDS);
  const dark = new Set(DARK_WORDS);
  const found = (words: Set<string>, pool: Set<string>) =>
    [...words].filter((word) => pool.has(word));

  it("keeps light stories free of violence and darkness, across genres and lengths", async () => {
    for (const length of ["short", "medium", "long"] as const) {
      for (const request of variedRequests(length, 14, "light")) {
        const story = await writeStory(request);
        const words = wordsIn(
          `${textOf(story.chapters)} ${story.plan.description} ${JSON.stringify(story.plan)}`,
        );
        expect(found(words, violent), request.outline).toEqual([]);
        expect(found(words, dark), request.outline).toEqual([]);
      }
    }
  });

  it("gives medium stories peril and mild violence but nothing grim", async () => {
    for (const request of variedRequests("medium", 14, "medium")) {
      const words = wordsIn(textOf((await writeStory(request)).chapters));
      expect(found(words, violent).length, request.outline).toBeGreaterThanOrEqual(1);
      expect(found(words, dark), request.outline).toEqual([]);
    }
  });

  it("makes heavy stories darker, at every length", async () => {
    for (const length of ["short", "medium", "long"] as const) {
      for (const request of variedRequests(length, 10, "heavy")) {
        const story = await writeStory(request);
        const words = wordsIn(textOf(story.chapters));
        expect(found(words, dark).length, request.outline).toBeGreaterThanOrEqual(2);
        expect(story.plan.description).toMatch(
          new RegExp(`^An? (${TONES.heavy.adjectives.join("|")}) `),
        );
      }
    }
  });

  it("changes the same story's tone and nothing about its cast", async () => {
    const light = await writeStory({ ...BASE, nastinessLevel: "light" });
    const heavy = await writeStory({ ...BASE, nastinessLevel: "heavy" });
    expect(textOf(light.chapters)).not.toBe(textOf(heavy.chapters));
    for (const name of ["Mara", "Tomas", "Malak"]) {
      expect(textOf(light.chapters)).toContain(name);
      expect(textOf(heavy.chapters)).toContain(name);
    }
  });
});

describe("offline writer: streaming and cancellation", () => {
  it("reports the chapter growing sentence by sentence and ends on the result", async () => {
    const plan = await writer.plan(BASE);
    const reports: Chapter[] = [];
    const chapter = await writer.writeChapter({
      request: BASE,
      plan,
      index: 1,
      previous: [],
      onProgress: (partial) => reports.push(partial),
    });
    expect(reports.length).toBeGreaterThan(chapter.paragraphs.length);
    let previous = "";
    for (const report of reports) {
      expect(report.title).toBe(chapter.title);
      const text = report.paragraphs.join("\n");
      expect(text.length).toBeGreaterThan(previous.length);
      expect(text.startsWith(previous)).toBe(true);
      previous = text;
    }
    expect(reports.at(-1)).toEqual(chapter);
    expect(reports[0]).not.toBe(reports[1]);
  });

  it("paces the chunks by paceMs", async () => {
    const paced = createOfflineWriter({ paceMs: 5 });
    const plan = await paced.plan({ ...BASE, desiredLength: "short" });
    let reports = 0;
    const started = performance.now();
    await paced.writeChapter({
      request: BASE,
      plan,
      index: 0,
      previous: [],
      onProgress: () => (reports += 1),
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual((reports - 1) * 5 * 0.8);
  });

  it("rejects with the signal's reason within 200 ms when aborted mid-chapter", async () => {
    const slow = createOfflineWriter({ paceMs: 1000 });
    const plan = await writer.plan(BASE);
    const controller = new AbortController();
    const reason = new Error("discarded by the user");
    let abortedAt = 0;
    const writing = slow.writeChapter({
      request: BASE,
      plan,
      index: 0,
      previous: [],
      signal: controller.signal,
      onProgress: () => {
        if (abortedAt !== 0) return;
        abortedAt = performance.now();
        setTimeout(() => controller.abort(reason), 20);
      },
    });
    await expect(writing).rejects.toBe(reason);
    expect(performance.now() - abortedAt).toBeLessThan(200);
  });

  it("rejects with an AbortError for a plain abort() and stops reporting", async () => {
    const plan = await writer.plan(BASE);
    const controller = new AbortController();
    let reports = 0;
    const writing = writer.writeChapter({
      request: BASE,
      plan,
      index: 2,
      previous: [],
      signal: controller.signal,
      onProgress: () => {
        reports += 1;
        if (reports === 3) controller.abort();
      },
    });
    await expect(writing).rejects.toMatchObject({ name: "AbortError" });
    expect(reports).toBe(3);
  });

  it("rejects before writing anything when the signal is already aborted", async () => {
    const plan = await writer.plan(BASE);
    let reports = 0;
    const writing = writer.writeChapter({
      request: BASE,
      plan,
      index: 0,
      previous: [],
      signal: AbortSignal.abort(),
      onProgress: () => (reports += 1),
    });
    await expect(writing).rejects.toMatchObject({ name: "AbortError" });
    expect(reports).toBe(0);
  });
});

/** Words used by exactly one genre's own lines: a story of that genre should use several. */
function genreMarkers(): Record<GenreId, Set<string>> {
  const shared = wordsIn([...ACTION_LINES, ...INTERIOR_LINES, ...DIALOGUE_LINES].join(" "));
  const own = (id: GenreId) => {
    const genre = GENRES.find((g) => g.id === id);
    const lines = [...(genre?.settingLines ?? []), ...(genre?.flavourLines ?? [])];
    return wordsIn(lines.join(" ").replace(/\{\w+\}/g, " "));
  };
  const ids = GENRES.map((genre) => genre.id);
  const markers = {} as Record<GenreId, Set<string>>;
  for (const id of ids) {
    const others = new Set(ids.filter((other) => other !== id).flatMap((other) => [...own(other)]));
    markers[id] = new Set(
      [...own(id)].filter((word) => word.length > 3 && !shared.has(word) && !others.has(word)),
    );
  }
  return markers;
}
