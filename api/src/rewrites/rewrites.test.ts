import { describe, expect, it, vi } from "vitest";
import { canonicalText, REWRITE_SELECTION_MAX } from "@storyloom/common";
import { StoriesQueries } from "../stories/stories-queries.js";
import { storyIn, useOwnerAndReader, type TestPerson } from "../testing/story-fixtures.js";

// Rewriting a passage over REST (docs/product.md#rewrite-a-passage): the owner selects text in
// one chapter, the offline rewriter writes three alternatives into the rewrite, and the owner
// keeps one (a version, cause rewritten) or the original. Bad input changes nothing.

const ctx = useOwnerAndReader();

const TWO_CHAPTERS = {
  chapters: [
    {
      title: "One",
      paragraphs: [
        "The tide brought a green bottle to the rocks. Mira smiled at the light on the water.",
        "Inside lay a map, warm from the sun. She walked slowly home, very glad.",
      ],
    },
    { title: "Two", paragraphs: ["The lighthouse was quiet that night."] },
  ],
};

async function call(
  method: "GET" | "PATCH" | "POST",
  url: string,
  as: TestPerson,
  payload?: object,
) {
  return ctx.api.app.inject({ method, url: `/v1${url}`, headers: as.headers, payload });
}

async function completedStory(): Promise<string> {
  const id = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
  const edited = await call("PATCH", `/stories/${id}`, ctx.owner, { content: TWO_CHAPTERS });
  expect(edited.statusCode).toBe(200);
  return id;
}

const text = canonicalText(TWO_CHAPTERS);
const rangeOf = (passage: string) => {
  const start = text.indexOf(passage);
  return { start, end: start + passage.length };
};
const FIRST_CHAPTER = rangeOf(
  `${TWO_CHAPTERS.chapters[0]?.paragraphs[0]}\n\n${TWO_CHAPTERS.chapters[0]?.paragraphs[1]}`,
);

async function ready(id: string, rewriteId: string) {
  return vi.waitFor(
    async () => {
      const response = await call("GET", `/stories/${id}/rewrites/${rewriteId}`, ctx.owner);
      expect(response.json().status).toBe("ready");
      return response.json();
    },
    { timeout: 10_000, interval: 20 },
  );
}

async function contentOf(id: string) {
  const story = await new StoriesQueries(ctx.api.database.db).findByPublicId(id);
  return story?.content;
}

describe("rewriting a passage", () => {
  it("writes three alternatives across paragraphs of a chapter, keeps one as a version", async () => {
    const id = await completedStory();
    const started = await call("POST", `/stories/${id}/rewrites`, ctx.owner, {
      ...FIRST_CHAPTER,
      instruction: { kind: "shorter" },
    });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ status: "writing", chapter_index: 0 });
    const rewrite = await ready(id, started.json().id);
    expect(rewrite.alternatives).toHaveLength(3);
    expect(new Set(rewrite.alternatives).size).toBe(3);
    for (const alternative of rewrite.alternatives) {
      expect(alternative.length).toBeLessThan(rewrite.original.length);
    }

    const kept = await call("POST", `/stories/${id}/rewrites/${rewrite.id}/keep`, ctx.owner, {
      alternative: 1,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().rewrite).toMatchObject({ status: "kept", kept_alternative: 1 });
    const content = await contentOf(id);
    expect(content?.chapters[0]?.paragraphs.join("\n\n")).toBe(rewrite.alternatives[1]);
    expect(content?.chapters[1]).toEqual(TWO_CHAPTERS.chapters[1]);
    const versions = (await call("GET", `/stories/${id}/versions`, ctx.owner)).json().items;
    expect(versions[0]).toMatchObject({
      cause: "rewritten",
      number: kept.json().rewrite.kept_version,
    });

    // Not kept, still listed with its alternatives.
    const list = (await call("GET", `/stories/${id}/rewrites`, ctx.owner)).json().items;
    expect(list[0]).toMatchObject({ id: rewrite.id, alternatives: rewrite.alternatives });
  });

  it("keeps the original: nothing changes, and a decided rewrite cannot be kept again", async () => {
    const id = await completedStory();
    const started = await call("POST", `/stories/${id}/rewrites`, ctx.owner, {
      ...rangeOf("Mira smiled at the light on the water."),
      instruction: { kind: "more_dialogue" },
    });
    const rewrite = await ready(id, started.json().id);
    for (const alternative of rewrite.alternatives) expect(alternative).toContain('"');
    const keep = (alternative: number | null) =>
      call("POST", `/stories/${id}/rewrites/${rewrite.id}/keep`, ctx.owner, { alternative });
    expect((await keep(null)).json().rewrite.status).toBe("original_kept");
    expect(await contentOf(id)).toEqual(TWO_CHAPTERS);
    const again = await keep(0);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe("This rewrite has already been kept or set aside.");
  });

  it("refuses bad input with the product's words and changes nothing", async () => {
    const id = await completedStory();
    const start = (body: object, as = ctx.owner) =>
      call("POST", `/stories/${id}/rewrites`, as, body);
    const cases: Array<[object, number, string]> = [
      [{ start: 3, end: 3, instruction: { kind: "shorter" } }, 422, "Select some text to rewrite."],
      [
        { ...rangeOf("very glad.\n\nThe lighthouse"), instruction: { kind: "shorter" } },
        422,
        "The selected passage must lie inside one chapter.",
      ],
      [
        { start: 0, end: text.length + 5, instruction: { kind: "shorter" } },
        422,
        "The selected passage is not within the story's text.",
      ],
      [
        { ...FIRST_CHAPTER, instruction: { kind: "custom", text: "x".repeat(301) } },
        422,
        "Write the instruction in at most 300 characters.",
      ],
      [
        { ...FIRST_CHAPTER, instruction: { kind: "custom" } },
        422,
        "Write what the rewrite should do.",
      ],
    ];
    for (const [body, status, detail] of cases) {
      const response = await start(body);
      expect(response.statusCode, detail).toBe(status);
      expect(response.json().detail).toBe(detail);
    }
    const other = await start({ ...FIRST_CHAPTER, instruction: { kind: "darker" } }, ctx.reader);
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toBe("Only the author can rewrite this story.");
    expect((await call("GET", `/stories/${id}/rewrites`, ctx.owner)).json().items).toEqual([]);
    expect((await call("GET", `/stories/${id}/rewrites`, ctx.reader)).statusCode).toBe(403);
    expect(await contentOf(id)).toEqual(TWO_CHAPTERS);
  });

  it("refuses an oversized selection", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "completed");
    const long = { chapters: [{ title: "Long", paragraphs: ["word ".repeat(1000).trim()] }] };
    await call("PATCH", `/stories/${id}`, ctx.owner, { content: long });
    const response = await call("POST", `/stories/${id}/rewrites`, ctx.owner, {
      start: 0,
      end: REWRITE_SELECTION_MAX + 1,
      instruction: { kind: "lighter" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe("Select at most 4000 characters to rewrite.");
  });

  it("refuses a rewrite of a story being written again, and two rewrites at once", async () => {
    const generating = await storyIn(ctx.api, ctx.owner, "generating");
    const refused = await call("POST", `/stories/${generating}/rewrites`, ctx.owner, {
      start: 0,
      end: 5,
      instruction: { kind: "shorter" },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      "This story is being written again. Rewrite a passage once it is ready.",
    );

    const id = await completedStory();
    const { RewritesQueries } = await import("./rewrites-queries.js");
    const story = await new StoriesQueries(ctx.api.database.db).findByPublicId(id);
    // A rewrite still being written (as another api instance would hold it).
    await new RewritesQueries(ctx.api.database.db).insert({
      id: "rw-writing-elsewhere",
      storyId: story?.id ?? "",
      ownerId: ctx.owner.id,
      chapterIndex: 0,
      rangeStart: 0,
      rangeEnd: 5,
      original: "The t",
      instructionKind: "shorter",
      instructionText: null,
    });
    const second = await call("POST", `/stories/${id}/rewrites`, ctx.owner, {
      ...FIRST_CHAPTER,
      instruction: { kind: "longer" },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(
      "A passage of this story is being rewritten. Wait for its alternatives, then try again.",
    );
  });

  it("refuses to keep an alternative once the passage changed", async () => {
    const id = await completedStory();
    const started = await call("POST", `/stories/${id}/rewrites`, ctx.owner, {
      ...rangeOf("The lighthouse was quiet that night."),
      instruction: { kind: "darker" },
    });
    const rewrite = await ready(id, started.json().id);
    const changed = {
      chapters: [TWO_CHAPTERS.chapters[0], { title: "Two", paragraphs: ["Edited meanwhile."] }],
    };
    await call("PATCH", `/stories/${id}`, ctx.owner, { content: changed });
    const keep = await call("POST", `/stories/${id}/rewrites/${rewrite.id}/keep`, ctx.owner, {
      alternative: 0,
    });
    expect(keep.statusCode).toBe(409);
    expect(keep.json().detail).toBe(
      "The story's text changed since this rewrite was asked for. Rewrite the passage again.",
    );
    expect(await contentOf(id)).toEqual(changed);
  });
});
