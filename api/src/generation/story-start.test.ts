import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StoriesQueries } from "../stories/stories-queries.js";
import { newPerson, SAMPLE_REQUEST, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";

let api: TestApi;
let author: TestPerson;
beforeAll(async () => {
  api = await startTestApi();
  author = await newPerson(api, "author");
});
afterAll(() => api?.close());

const start = (payload: unknown, person: TestPerson | null = author) =>
  api.app.inject({
    method: "POST",
    url: "/v1/stories/generate/start",
    headers: person?.headers ?? {},
    payload: payload as object,
  });

describe("POST /v1/stories/generate/start", () => {
  it("creates a private story that is generating, without writing anything itself", async () => {
    const response = await start({
      title: "  The Lantern Keeper ",
      outline: " A keeper finds a map. ",
      tags: [" space opera ", "", "  ", "robots"],
      theme_keywords: ["  lighthouse", " "],
    });
    expect(response.statusCode).toBe(201);
    const { public_id: publicId, story } = response.json();
    expect(publicId).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(story).toEqual({
      public_id: publicId,
      title: "The Lantern Keeper",
      description: null,
      status: "generating",
      is_public: false,
      author_id: author.id,
      author_username: author.username,
      outline: "A keeper finds a map.",
      // Trimmed, empties removed.
      tags: ["space opera", "robots"],
      theme_keywords: ["lighthouse"],
      desired_length: "short",
      nastiness_level: "light",
      preview: null,
      // No category was picked: the tags name none (docs/decisions/024).
      category_name: null,
      category_id: null,
      progress: 0,
      status_message: "Starting story generation...",
      error: null,
      content: null,
      // Nothing written yet; no pictures being drawn.
      word_count: null,
      images: [],
      images_pending: false,
      header_image_url: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      revised_at: null,
      is_owner: true,
      is_bookmarked: false,
      bookmark_count: 0,
      comment_count: 0,
      // Generating: no discussion yet.
      can_comment: false,
      moderation_status: "approved",
      moderation_reason: null,
      price_cents: null,
      viewer_access: { full: true, pictures: true, reason: "author" },
      // Continue the story: no chapter added, none asked for.
      chapter_added_at: null,
      new_chapter: false,
      continuation: null,
    });
    const row = await new StoriesQueries(api.database.db).findByPublicId(publicId);
    expect(row).toMatchObject({
      plan: null,
      content: null,
      generation: 1,
      eventSeq: 1,
      attempt: 0,
    });
  });

  it("keeps the chosen length and nastiness", async () => {
    const response = await start({
      ...SAMPLE_REQUEST,
      desired_length: "long",
      nastiness_level: "heavy",
    });
    expect(response.json().story).toMatchObject({
      desired_length: "long",
      nastiness_level: "heavy",
    });
  });

  it.each([
    [{ outline: "x" }, "title", "Title is required."],
    [{ title: "   ", outline: "x" }, "title", "Title is required."],
    [{ title: "x" }, "outline", "Outline/Prompt is required."],
    [{ title: "x", outline: " \n " }, "outline", "Outline/Prompt is required."],
    [{ title: "x".repeat(201), outline: "x" }, "title", "Title must be at most 200 characters."],
    [
      { title: "x", outline: "x".repeat(5001) },
      "outline",
      "Outline/Prompt must be at most 5000 characters.",
    ],
    [
      { title: "x", outline: "x", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      "tags",
      "At most 10 tags are allowed.",
    ],
    [
      { title: "x", outline: "x", tags: ["ok", "y".repeat(41)] },
      "tags.1",
      "Each tag must be at most 40 characters.",
    ],
    [
      { title: "x", outline: "x", theme_keywords: ["z".repeat(41)] },
      "theme_keywords.0",
      "Each theme keyword must be at most 40 characters.",
    ],
    [{ title: "x", outline: "x", desired_length: "epic" }, "desired_length", null],
    [{ title: "x", outline: "x", nastiness_level: "extreme" }, "nastiness_level", null],
    [{ title: 7, outline: "x" }, "title", null],
    [{ title: "x", outline: "x", genre: "noir" }, "genre", 'Unknown field "genre".'],
  ])("refuses %j: 422 on %s", async (body, field, detail) => {
    const response = await start(body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", field });
    if (detail !== null) expect(response.json().detail).toBe(detail);
  });

  it("counts twelve blank tags as none (empties are dropped before the limit)", async () => {
    const response = await start({ ...SAMPLE_REQUEST, tags: Array(12).fill(" ") });
    expect(response.statusCode).toBe(201);
    expect(response.json().story).toMatchObject({ tags: [], category_name: null });
  });

  it("requires a signed-in user", async () => {
    const response = await start(SAMPLE_REQUEST, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      detail: "Authentication required.",
      code: "UNAUTHENTICATED",
    });
  });

  it("allows 10 starts per 10 minutes per user, then answers 429 with Retry-After", async () => {
    const busy = await newPerson(api, "busy");
    for (let i = 0; i < 10; i += 1)
      expect((await start(SAMPLE_REQUEST, busy)).statusCode).toBe(201);
    const limited = await start(SAMPLE_REQUEST, busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Invalid requests and other people are not held back by it.
    expect((await start({ outline: "x" }, busy)).statusCode).toBe(422);
    expect((await start(SAMPLE_REQUEST, await newPerson(api, "calm"))).statusCode).toBe(201);
  });
});

describe("the stories' REST contract in the OpenAPI document", () => {
  it("names every operation and answers stories as the shared StoryDetail schema", async () => {
    const document = (await api.app.inject({ method: "GET", url: "/v1/openapi.json" })).json();
    const operations = Object.entries(
      document.paths as Record<string, Record<string, { operationId: string }>>,
    )
      .filter(([path]) => path.startsWith("/v1/stories") || path.startsWith("/v1/media"))
      .flatMap(([, methods]) => Object.values(methods));
    expect(operations.map((operation) => operation.operationId).sort()).toEqual([
      "bookmarkStory",
      "confirmNextChapter",
      "confirmStory",
      "continueStory",
      "discardNextChapter",
      "discardStory",
      "forgetMyReadingProgress",
      "getChangesSinceRead",
      "getMyReadingProgress",
      "getRewrite",
      "getStory",
      "getStoryEpub",
      "getStoryPicture",
      "getStoryShareLink",
      "getStoryVersion",
      "keepRewrite",
      "listMyStories",
      "listRewrites",
      "listStories",
      "listStoryVersions",
      "listTrendingStories",
      "purchaseStory",
      "regenerateStoryArt",
      "restartStory",
      "restoreStoryVersion",
      "reviseFromNotes",
      "revokeWatchLink",
      "saveMyReadingProgress",
      "searchStories",
      "setMyReadingState",
      "setStoryCategory",
      "setStoryPrice",
      "shareWatchLink",
      "startRewrite",
      "startStoryGeneration",
      "unbookmarkStory",
      "updateStory",
    ]);
    const getStory = document.paths["/v1/stories/{id}"].get;
    expect(getStory.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/StoryDetail",
    });
    expect(document.components.schemas.StoryDetail.required).toContain("is_owner");
    expect(document.components.schemas.ApiError.properties.code.enum).toContain(
      "INVALID_TRANSITION",
    );
  });
});
