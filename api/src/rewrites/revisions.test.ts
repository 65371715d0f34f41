import { describe, expect, it, vi } from "vitest";
import { canonicalText } from "@storyloom/common";
import { storyIn, useOwnerAndReader, type TestPerson } from "../testing/story-fixtures.js";

// Revising from readers' notes (docs/product.md#revise-from-readers-notes): the owner picks
// passage notes, the noted paragraphs are rewritten with the notes as guidance, reviewed like a
// rewrite; once kept, the notes stay anchored and their authors see that they shaped the story.

const ctx = useOwnerAndReader();

const CONTENT = {
  chapters: [
    {
      title: "One",
      paragraphs: [
        "The tide brought a green bottle to the rocks.",
        "Inside lay a map, warm from the sun.",
        "Mira kept it close.",
      ],
    },
    { title: "Two", paragraphs: ["The lighthouse was quiet that night."] },
  ],
};
const TEXT = canonicalText(CONTENT);

async function call(
  method: "GET" | "PATCH" | "POST" | "PUT",
  url: string,
  as: TestPerson,
  payload?: object,
) {
  return ctx.api.app.inject({ method, url: `/v1${url}`, headers: as.headers, payload });
}

async function story(): Promise<string> {
  const id = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
  expect((await call("PATCH", `/stories/${id}`, ctx.owner, { content: CONTENT })).statusCode).toBe(
    200,
  );
  return id;
}

async function noteOn(id: string, passage: string, note: string): Promise<string> {
  const start = TEXT.indexOf(passage);
  const response = await call("POST", `/comments/stories/${id}/comments`, ctx.reader, {
    content: note,
    location: { start, end: start + passage.length },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function notesOf(id: string) {
  const response = await call("GET", `/comments/stories/${id}/comments`, ctx.reader);
  return response.json() as Array<{
    id: string;
    shaped_story: boolean;
    quote: string;
    is_orphaned: boolean;
  }>;
}

describe("revising from readers' notes", () => {
  it("rewrites the noted paragraphs, keeps one, and the notes shaped the story", async () => {
    const id = await story();
    const first = await noteOn(id, "green bottle", "What colour exactly?");
    const second = await noteOn(id, "warm from the sun", "Say more about the map.");
    const started = await call("POST", `/stories/${id}/revisions`, ctx.owner, {
      note_ids: [first, second],
    });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({
      original:
        "The tide brought a green bottle to the rocks.\n\nInside lay a map, warm from the sun.",
      instruction: { kind: "notes", text: "What colour exactly?\nSay more about the map." },
      note_ids: expect.arrayContaining([first, second]),
    });
    const rewrite = await vi.waitFor(
      async () => {
        const response = await call(
          "GET",
          `/stories/${id}/rewrites/${started.json().id}`,
          ctx.owner,
        );
        expect(response.json().status).toBe("ready");
        return response.json();
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(rewrite.alternatives).toHaveLength(3);
    expect((await notesOf(id)).every((note) => !note.shaped_story)).toBe(true);

    const kept = await call("POST", `/stories/${id}/rewrites/${rewrite.id}/keep`, ctx.owner, {
      alternative: 0,
    });
    expect(kept.statusCode).toBe(200);
    const notes = await notesOf(id);
    expect(notes.map((note) => note.shaped_story)).toEqual([true, true]);
    // The reader hears of it once for their two notes, from the owner, with no text of either.
    const inbox = (await call("GET", "/me/notifications", ctx.reader)).json().items;
    const shaped = inbox.filter((item: { kind: string }) => item.kind === "note_shaped");
    expect(shaped).toEqual([
      expect.objectContaining({
        count: 1,
        actor: expect.objectContaining({ username: ctx.owner.username }),
      }),
    ]);
    expect(JSON.stringify(shaped)).not.toContain("colour");
    const ownInbox = (await call("GET", "/me/notifications", ctx.owner)).json().items;
    expect(ownInbox.some((item: { kind: string }) => item.kind === "note_shaped")).toBe(false);
    const versions = (await call("GET", `/stories/${id}/versions`, ctx.owner)).json().items;
    expect(versions[0].cause).toBe("rewritten");
  });

  it("tells nobody who turned the kind off, and nobody of the original kept", async () => {
    const id = await story();
    const note = await noteOn(id, "green bottle", "Which green?");
    const revise = async () => {
      const started = await call("POST", `/stories/${id}/revisions`, ctx.owner, {
        note_ids: [note],
      });
      expect(started.statusCode).toBe(202);
      return vi.waitFor(
        async () => {
          const response = await call(
            "GET",
            `/stories/${id}/rewrites/${started.json().id}`,
            ctx.owner,
          );
          expect(response.json().status).toBe("ready");
          return response.json().id as string;
        },
        { timeout: 10_000, interval: 20 },
      );
    };
    const shapedOn = async () =>
      (await call("GET", "/me/notifications", ctx.reader))
        .json()
        .items.filter((item: { kind: string }) => item.kind === "note_shaped").length;
    const before = await shapedOn();
    const original = await revise();
    const keptOriginal = await call("POST", `/stories/${id}/rewrites/${original}/keep`, ctx.owner, {
      alternative: null,
    });
    expect(keptOriginal.statusCode).toBe(200);
    expect(await shapedOn()).toBe(before);

    const off = await call("PUT", "/me/notification-preferences", ctx.reader, {
      items: [{ kind: "note_shaped", channel: "inbox", enabled: false }],
    });
    expect(off.statusCode).toBe(200);
    const rewrite = await revise();
    const kept = await call("POST", `/stories/${id}/rewrites/${rewrite}/keep`, ctx.owner, {
      alternative: 1,
    });
    expect(kept.statusCode).toBe(200);
    expect(await shapedOn()).toBe(before);
    await call("PUT", "/me/notification-preferences", ctx.reader, {
      items: [{ kind: "note_shaped", channel: "inbox", enabled: true }],
    });
  });

  it("refuses notes across chapters, unknown notes and none, changing nothing", async () => {
    const id = await story();
    const first = await noteOn(id, "green bottle", "Nice.");
    const other = await noteOn(id, "lighthouse was quiet", "Spooky.");
    const revise = (ids: string[], as = ctx.owner) =>
      call("POST", `/stories/${id}/revisions`, as, { note_ids: ids });
    const cases: Array<[string[], string]> = [
      [[], "Pick at least one reader's note to revise from."],
      [[first, other], "The notes must all be on passages of one chapter."],
      [
        [first, "no-such-note"],
        "Only readers' notes on a passage of this story that can still be found can guide a revision.",
      ],
    ];
    for (const [ids, detail] of cases) {
      const response = await revise(ids);
      expect(response.statusCode, detail).toBe(422);
      expect(response.json().detail).toBe(detail);
    }
    expect((await revise([first], ctx.reader)).statusCode).toBe(403);
    expect((await call("GET", `/stories/${id}/rewrites`, ctx.owner)).json().items).toEqual([]);
  });
});
