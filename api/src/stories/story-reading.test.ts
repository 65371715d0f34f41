import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { STORY_STATUSES } from "@storyloom/common";
import { StoriesQueries } from "./stories-queries.js";
import {
  newPerson,
  SAMPLE_CONTENT,
  SAMPLE_PICTURE,
  storyIn,
  type TestPerson,
  useOwnerAndReader,
} from "../testing/story-fixtures.js";

const ctx = useOwnerAndReader();

const get = (url: string, person?: TestPerson | null, headers: Record<string, string> = {}) =>
  ctx.api.app.inject({ method: "GET", url, headers: { ...(person?.headers ?? {}), ...headers } });

const NOT_FOUND = { detail: "Story not found.", code: "NOT_FOUND" };

describe("GET /v1/stories/{id}", () => {
  it("shows everyone a completed public story with its text and pictures", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
    const response = await get(`/v1/stories/${id}`);
    expect(response.statusCode).toBe(200);
    const story = response.json();
    expect(story).toMatchObject({
      public_id: id,
      status: "completed",
      is_public: true,
      author_username: ctx.owner.username,
      content: SAMPLE_CONTENT,
      preview: "The tide brought a green bottle to the rocks.",
      is_owner: false,
    });
    expect(story.images).toEqual([
      {
        id: expect.any(String),
        role: "cover",
        url: `/v1/media/${story.images[0].id}`,
        chapter_index: null,
        paragraph_index: null,
        alt_text: "A green bottle on dark rocks",
        caption: "The bottle",
      },
    ]);
    expect(story.header_image_url).toBe(story.images[0].url);
    expect((await get(`/v1/stories/${id}`, ctx.reader)).json().is_owner).toBe(false);
    expect((await get(`/v1/stories/${id}`, ctx.owner)).json().is_owner).toBe(true);
  });

  it.each(STORY_STATUSES)(
    "a %s private story is the owner's alone: others and visitors get Story not found",
    async (status) => {
      const id = await storyIn(ctx.api, ctx.owner, status);
      const mine = await get(`/v1/stories/${id}`, ctx.owner);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ status, is_owner: true });
      expect((await get(`/v1/stories/${id}`, ctx.reader)).json()).toEqual(NOT_FOUND);
      const visitor = await get(`/v1/stories/${id}`);
      expect(visitor.statusCode).toBe(404);
      expect(visitor.json()).toEqual(NOT_FOUND);
    },
  );

  it.each([
    ["completed", true],
    ["ready_for_review", true],
    ["generating", false],
    ["error", false],
    ["discarded", false],
  ] as const)("a %s story tells its reader can_comment: %s", async (status, open) => {
    const id = await storyIn(ctx.api, ctx.owner, status);
    expect((await get(`/v1/stories/${id}`, ctx.owner)).json()).toMatchObject({
      status,
      can_comment: open,
    });
  });

  it("tells a visitor a completed public story's discussion is open (posting needs sign-in)", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
    expect((await get(`/v1/stories/${id}`)).json().can_comment).toBe(true);
  });

  it("hides a public story once it is discarded", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "discarded", { isPublic: true });
    expect((await get(`/v1/stories/${id}`)).statusCode).toBe(404);
  });

  it("answers Story not found for an id that never existed", async () => {
    expect((await get("/v1/stories/nothing0000", ctx.reader)).json()).toEqual(NOT_FOUND);
  });

  it("refuses a bad token even on this public route", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
    const response = await get(`/v1/stories/${id}`, null, { authorization: "Bearer nonsense" });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /v1/stories/mine", () => {
  it("lists only the caller's stories, newest first, light (no text, no pictures)", async () => {
    const me = await newPerson(ctx.api, "lister");
    const older = await storyIn(ctx.api, me, "completed");
    const newer = await storyIn(ctx.api, me, "generating");
    await storyIn(ctx.api, ctx.owner, "generating");
    const response = await get("/v1/stories/mine", me);
    expect(response.statusCode).toBe(200);
    const { items, next_cursor: nextCursor } = response.json();
    expect(items.map((item: { public_id: string }) => item.public_id)).toEqual([newer, older]);
    expect(items[1]).toMatchObject({
      status: "completed",
      content: null,
      images: [],
      header_image_url: null,
      preview: expect.any(String),
      author_username: me.username,
      is_owner: true,
    });
    expect(nextCursor).toBeNull();
  });

  it("pages through every story exactly once, also when they share a creation time", async () => {
    const me = await newPerson(ctx.api, "pager");
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) ids.push(await storyIn(ctx.api, me, "generating"));
    // Two stories created in the same microsecond are ordered by id, never skipped.
    const queries = new StoriesQueries(ctx.api.database.db);
    const [a, b] = await Promise.all(ids.slice(2, 4).map((id) => queries.findByPublicId(id)));
    if (!a || !b) throw new Error("stories missing");
    await ctx.api.database.db.execute(
      sql`update stories set created_at = (select created_at from stories where id = ${a.id}) where id = ${b.id}`,
    );

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/v1/stories/mine?size=3${cursor ? `&cursor=${cursor}` : ""}`;
      const page = (await get(url, me)).json();
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((item: { public_id: string }) => item.public_id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it.each([
    ["size=0", "size"],
    ["size=101", "size"],
    ["cursor=not-a-cursor", "cursor"],
  ])("refuses %s (422 on %s)", async (query, field) => {
    const response = await get(`/v1/stories/mine?${query}`, ctx.owner);
    expect(response.statusCode).toBe(422);
    expect(response.json().field).toBe(field);
  });

  it("requires a signed-in user", async () => {
    expect((await get("/v1/stories/mine")).statusCode).toBe(401);
  });
});

describe("GET /v1/stories/{id}/share-link", () => {
  it("gives the public address of a completed public story, to a visitor too", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
    const response = await get(`/v1/stories/${id}/share-link`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: `http://127.0.0.1:4000/stories/${id}` });
  });

  it.each(["completed", "ready_for_review", "generating"] as const)(
    "refuses the owner's private %s story: Cannot share a private story.",
    async (status) => {
      const id = await storyIn(ctx.api, ctx.owner, status);
      const response = await get(`/v1/stories/${id}/share-link`, ctx.owner);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        detail: "Cannot share a private story.",
        code: "NOT_SHAREABLE",
      });
    },
  );

  it("refuses a public story that was discarded: Story not available for sharing.", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "discarded", { isPublic: true });
    expect((await get(`/v1/stories/${id}/share-link`, ctx.owner)).json()).toEqual({
      detail: "Story not available for sharing.",
      code: "NOT_SHAREABLE",
    });
  });

  it("tells others a private story does not exist", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "completed");
    expect((await get(`/v1/stories/${id}/share-link`, ctx.reader)).json()).toEqual(NOT_FOUND);
  });
});

describe("GET /v1/media/{id}", () => {
  async function pictureOf(id: string): Promise<string> {
    return (await get(`/v1/stories/${id}`, ctx.owner)).json().header_image_url;
  }

  it("serves a public story's picture to anyone, cacheable for a year, and 304 when unchanged", async () => {
    const url = await pictureOf(await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true }));
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/svg+xml");
    expect(response.rawPayload.equals(SAMPLE_PICTURE)).toBe(true);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const again = await get(url, null, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect((await get(url, null, { "if-none-match": '"other"' })).statusCode).toBe(200);
  });

  it("serves the owner the picture of a story under review, cached privately", async () => {
    const url = await pictureOf(await storyIn(ctx.api, ctx.owner, "ready_for_review"));
    const response = await get(url, ctx.owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
  });

  it("answers 404 for the picture of a story the viewer may not see", async () => {
    const url = await pictureOf(await storyIn(ctx.api, ctx.owner, "completed"));
    for (const viewer of [ctx.reader, null]) {
      const response = await get(url, viewer);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: "Picture not found.", code: "NOT_FOUND" });
    }
  });

  it("answers 404 for a picture that does not exist", async () => {
    expect((await get("/v1/media/nothing", ctx.owner)).statusCode).toBe(404);
  });
});
