import { describe, expect, it } from "vitest";
import { storyIn, useOwnerAndReader } from "../testing/story-fixtures.js";

// When the story's text changes, every inline note is found again: exact match, else a
// close match near its old place, else orphaned (kept, location null, never moved to wrong text).

const ctx = useOwnerAndReader();

const chapter = (...paragraphs: string[]) => ({ chapters: [{ title: "One", paragraphs }] });

const ORIGINAL = chapter(
  "The tide brought a green bottle to the rocks below the lighthouse.",
  "Inside lay a map drawn in faded brown ink, folded twice.",
);

async function storyWith(content: ReturnType<typeof chapter>): Promise<string> {
  const id = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
  await edit(id, content);
  return id;
}

async function edit(id: string, content: ReturnType<typeof chapter>) {
  const response = await ctx.api.app.inject({
    method: "PATCH",
    url: `/v1/stories/${id}`,
    headers: ctx.owner.headers,
    payload: { content },
  });
  expect(response.statusCode).toBe(200);
}

/** An inline note by the reader on the first occurrence of `passage`. */
async function noteOn(id: string, content: ReturnType<typeof chapter>, passage: string) {
  const text = content.chapters[0]?.paragraphs.join("\n\n") ?? "";
  const start = text.indexOf(passage);
  const response = await ctx.api.app.inject({
    method: "POST",
    url: `/v1/comments/stories/${id}/comments`,
    headers: ctx.reader.headers,
    payload: { content: "Look here.", location: { start, end: start + passage.length } },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

async function noteAfterEdit(id: string, commentId: string) {
  const response = await ctx.api.app.inject({
    method: "GET",
    url: `/v1/comments/stories/${id}/comments`,
    headers: ctx.reader.headers,
  });
  return response.json().find((comment: { id: string }) => comment.id === commentId);
}

const passageAt = (content: ReturnType<typeof chapter>, location: { start: number; end: number }) =>
  (content.chapters[0]?.paragraphs.join("\n\n") ?? "").slice(location.start, location.end);

describe("re-anchoring inline comments when the owner edits the text", () => {
  it("leaves a note where it was when its paragraph did not change", async () => {
    const id = await storyWith(ORIGINAL);
    const note = await noteOn(id, ORIGINAL, "a green bottle");
    const edited = chapter(...(ORIGINAL.chapters[0]?.paragraphs ?? []), "A new last paragraph.");
    await edit(id, edited);
    expect(await noteAfterEdit(id, note)).toMatchObject({
      location: { start: 17, end: 31 },
      is_orphaned: false,
    });
  });

  it("moves a note with its passage when text is added before it", async () => {
    const id = await storyWith(ORIGINAL);
    const note = await noteOn(id, ORIGINAL, "faded brown ink");
    const edited = chapter(
      "It had stormed all night.",
      ...(ORIGINAL.chapters[0]?.paragraphs ?? []),
    );
    await edit(id, edited);
    const after = await noteAfterEdit(id, note);
    expect(after.is_orphaned).toBe(false);
    expect(passageAt(edited, after.location)).toBe("faded brown ink");
  });

  it("follows a passage through a small typo fix", async () => {
    const typo = chapter(
      "The tide brought a green bottle.",
      "Inside lay a map drawn in fadded brwn ink.",
    );
    const id = await storyWith(typo);
    const note = await noteOn(id, typo, "map drawn in fadded brwn ink");
    const fixed = chapter(
      "The tide brought a green bottle.",
      "Inside lay a map drawn in faded brown ink.",
    );
    await edit(id, fixed);
    const after = await noteAfterEdit(id, note);
    expect(passageAt(fixed, after.location)).toBe("map drawn in faded brown ink");
    expect(after.quote).toBe("map drawn in fadded brwn ink");
  });

  it("orphans a note whose passage was deleted, keeping its quote", async () => {
    const id = await storyWith(ORIGINAL);
    const note = await noteOn(id, ORIGINAL, "faded brown ink");
    await edit(id, chapter("The tide brought a green bottle to the rocks below the lighthouse."));
    expect(await noteAfterEdit(id, note)).toMatchObject({
      is_inline: true,
      location: null,
      quote: "faded brown ink",
      is_orphaned: true,
    });
  });

  it("brings an orphaned note back when its passage returns", async () => {
    const id = await storyWith(ORIGINAL);
    const note = await noteOn(id, ORIGINAL, "faded brown ink");
    await edit(id, chapter("Nothing left."));
    await edit(id, ORIGINAL);
    const after = await noteAfterEdit(id, note);
    expect(after.is_orphaned).toBe(false);
    expect(passageAt(ORIGINAL, after.location)).toBe("faded brown ink");
  });

  it("re-anchors on confirm with the owner's edited text", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "ready_for_review");
    // The fixtures' text: "The tide brought a green bottle to the rocks.\n\nInside lay a map."
    const comment = await ctx.api.app.inject({
      method: "POST",
      url: `/v1/comments/stories/${id}/comments`,
      headers: ctx.owner.headers,
      payload: { content: "Check this.", location: { start: 17, end: 31 } },
    });
    const confirmed = chapter("Prologue.", "The tide brought a green bottle to the rocks.");
    const response = await ctx.api.app.inject({
      method: "POST",
      url: `/v1/stories/${id}/confirm`,
      headers: ctx.owner.headers,
      payload: { content: confirmed },
    });
    expect(response.statusCode).toBe(200);
    const [after] = (
      await ctx.api.app.inject({
        method: "GET",
        url: `/v1/comments/stories/${id}/comments`,
        headers: ctx.owner.headers,
      })
    ).json();
    expect(after.id).toBe(comment.json().id);
    expect(passageAt(confirmed, after.location)).toBe("a green bottle");
  });
});
