import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORY_STATUSES, type StoryStatus } from "@storyloom/common";
import { StoriesQueries } from "./stories-queries.js";
import { newPerson, SAMPLE_CONTENT, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";

let api: TestApi;
let owner: TestPerson;
let stranger: TestPerson;
beforeAll(async () => {
  api = await startTestApi();
  [owner, stranger] = await Promise.all([newPerson(api, "owner"), newPerson(api, "stranger")]);
});
afterAll(() => api?.close());

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const call = (method: Method, url: string, person?: TestPerson, payload?: object) =>
  api.app.inject({ method, url, headers: person?.headers ?? {}, ...(payload ? { payload } : {}) });

const row = async (publicId: string) => {
  const story = await new StoriesQueries(api.database.db).findByPublicId(publicId);
  if (story === null) throw new Error("story gone");
  return story;
};

interface ActionCase {
  name: string;
  request: (id: string, person?: TestPerson) => ReturnType<typeof call>;
  verb: string;
  allowedFrom: StoryStatus[];
  success: { statusCode: number; status?: StoryStatus };
}

// Every owner action, the statuses it is allowed from and what it leads to
// (docs/product.md#story-lifecycle).
const ACTIONS: ActionCase[] = [
  {
    name: "discard",
    request: (id, person) => call("DELETE", `/v1/stories/${id}/discard`, person),
    verb: "discard",
    allowedFrom: ["generating", "ready_for_review", "error", "completed"],
    success: { statusCode: 200, status: "discarded" },
  },
  {
    name: "confirm",
    request: (id, person) => call("POST", `/v1/stories/${id}/confirm`, person),
    verb: "confirm",
    allowedFrom: ["ready_for_review"],
    success: { statusCode: 200, status: "completed" },
  },
  {
    name: "restart",
    request: (id, person) => call("POST", `/v1/stories/${id}/restart`, person),
    verb: "restart",
    allowedFrom: ["discarded", "error", "ready_for_review"],
    success: { statusCode: 200, status: "generating" },
  },
  {
    name: "make public",
    request: (id, person) => call("PATCH", `/v1/stories/${id}`, person, { is_public: true }),
    verb: "change the visibility of",
    allowedFrom: ["completed"],
    success: { statusCode: 200 },
  },
  {
    name: "edit the title",
    request: (id, person) => call("PATCH", `/v1/stories/${id}`, person, { title: "Renamed" }),
    verb: "edit",
    allowedFrom: ["ready_for_review", "completed"],
    success: { statusCode: 200 },
  },
  {
    name: "regenerate images",
    request: (id, person) => call("POST", `/v1/stories/${id}/regenerate_art`, person),
    verb: "regenerate the images of",
    allowedFrom: ["ready_for_review", "completed"],
    success: { statusCode: 202 },
  },
];

const ownerCases = ACTIONS.flatMap((action) =>
  STORY_STATUSES.map((status) => ({
    action,
    status,
    allowed: action.allowedFrom.includes(status),
  })),
);

describe("the owner", () => {
  it.each(ownerCases.map((c) => [c.action.name, c.status, c.allowed ? "allowed" : "refused", c]))(
    "may %s a story that is %s: %s",
    async (_name, _status, _verdict, { action, status, allowed }) => {
      const id = await storyIn(api, owner, status);
      const response = await action.request(id, owner);
      if (!allowed) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          detail: `Cannot ${action.verb} a story that is ${status}.`,
          code: "INVALID_TRANSITION",
          status,
        });
        expect((await row(id)).status).toBe(status);
        return;
      }
      expect(response.statusCode).toBe(action.success.statusCode);
      const expectedStatus = action.success.status ?? status;
      expect(response.json()).toMatchObject({
        public_id: id,
        status: expectedStatus,
        is_owner: true,
      });
      expect((await row(id)).status).toBe(expectedStatus);
    },
  );
});

describe("another signed-in user", () => {
  it.each(
    ACTIONS.flatMap((action) =>
      STORY_STATUSES.map((status) => [action.name, status, action] as const),
    ),
  )(
    "trying to %s the owner's private %s story is told it does not exist (404)",
    async (_name, status, action) => {
      const id = await storyIn(api, owner, status);
      const before = await row(id);
      const response = await action.request(id, stranger);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: "Story not found.", code: "NOT_FOUND" });
      expect((await row(id)).eventSeq).toBe(before.eventSeq);
    },
  );

  it.each(ACTIONS.map((action) => [action.name, action] as const))(
    "trying to %s a completed public story they can read is forbidden (403)",
    async (_name, action) => {
      const id = await storyIn(api, owner, "completed", { isPublic: true });
      const response = await action.request(id, stranger);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("FORBIDDEN");
      expect((await row(id)).status).toBe("completed");
    },
  );

  it("changing visibility hears the product's words: Only the author can change visibility.", async () => {
    const id = await storyIn(api, owner, "completed", { isPublic: true });
    const response = await call("PATCH", `/v1/stories/${id}`, stranger, { is_public: false });
    expect(response.json()).toEqual({
      detail: "Only the author can change visibility.",
      code: "FORBIDDEN",
    });
  });
});

describe("a visitor", () => {
  it.each(ACTIONS.map((action) => [action.name, action] as const))(
    "trying to %s a story must sign in first (401)",
    async (_name, action) => {
      const id = await storyIn(api, owner, "completed", { isPublic: true });
      const response = await action.request(id);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: "Authentication required.",
        code: "UNAUTHENTICATED",
      });
    },
  );
});

describe("discarding", () => {
  it("stops a running generation: the worker's next write, for the old generation, changes nothing", async () => {
    const id = await storyIn(api, owner, "generating");
    const claimed = await row(id);
    await call("DELETE", `/v1/stories/${id}/discard`, owner);
    const discarded = await row(id);
    expect(discarded.generation).toBe(claimed.generation + 1);
    expect(discarded.eventSeq).toBe(claimed.eventSeq + 1);

    const queries = new StoriesQueries(api.database.db);
    expect(await queries.updateIf(claimed.id, claimed, { progress: 40 })).toBeNull();
    expect((await row(id)).status).toBe("discarded");
  });

  it("of a completed story is how the owner deletes it", async () => {
    const id = await storyIn(api, owner, "completed", { isPublic: true });
    expect((await call("DELETE", `/v1/stories/${id}/discard`, owner)).json().status).toBe(
      "discarded",
    );
    expect((await call("GET", `/v1/stories/${id}`, stranger)).statusCode).toBe(404);
  });
});

describe("restarting", () => {
  it("writes the story again from nothing: progress 0, the restarting message, no text, no pictures", async () => {
    const id = await storyIn(api, owner, "ready_for_review");
    const before = await row(id);
    const response = await call("POST", `/v1/stories/${id}/restart`, owner);
    expect(response.json()).toMatchObject({
      status: "generating",
      progress: 0,
      status_message: "Restarting story generation...",
      content: null,
      preview: null,
      error: null,
      images: [],
      header_image_url: null,
    });
    const after = await row(id);
    expect(after).toMatchObject({
      plan: null,
      generation: before.generation + 1,
      eventSeq: before.eventSeq + 1,
      leaseOwner: null,
    });
    const queries = new StoriesQueries(api.database.db);
    expect(await queries.listMedia(after.id, before.generation)).toEqual([]);
  });

  it("clears the failure of a story that ended in error", async () => {
    const id = await storyIn(api, owner, "error");
    expect((await row(id)).error).not.toBeNull();
    const response = await call("POST", `/v1/stories/${id}/restart`, owner);
    expect(response.json()).toMatchObject({ status: "generating", error: null });
  });
});

describe("confirming", () => {
  it("keeps the owner's edited title and text, and previews the new text", async () => {
    const id = await storyIn(api, owner, "ready_for_review");
    const content = { chapters: [{ title: "Only", paragraphs: ["A new first line.", "More."] }] };
    const response = await call("POST", `/v1/stories/${id}/confirm`, owner, {
      title: "  The Keeper  ",
      content,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: "completed",
      title: "The Keeper",
      content,
      preview: "A new first line.",
      is_public: false,
    });
    expect((await row(id)).completedAt).toBeInstanceOf(Date);
  });

  it("refuses edited text without a chapter (422)", async () => {
    const id = await storyIn(api, owner, "ready_for_review");
    const response = await call("POST", `/v1/stories/${id}/confirm`, owner, {
      content: { chapters: [] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "content.chapters" });
  });

  it("refuses a blank edited title with the form's words", async () => {
    const id = await storyIn(api, owner, "ready_for_review");
    const response = await call("POST", `/v1/stories/${id}/confirm`, owner, { title: "  " });
    expect(response.json()).toEqual({
      detail: "Title is required.",
      code: "VALIDATION_FAILED",
      field: "title",
    });
  });

  it("is refused when the story has no text to confirm (409)", async () => {
    const id = await storyIn(api, owner, "ready_for_review");
    const story = await row(id);
    await new StoriesQueries(api.database.db).updateIf(story.id, story, { content: null });
    const response = await call("POST", `/v1/stories/${id}/confirm`, owner);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("INVALID_TRANSITION");
  });
});

describe("PATCH /stories/{id}", () => {
  it("answers with and without a trailing slash", async () => {
    const id = await storyIn(api, owner, "completed");
    const slash = await call("PATCH", `/v1/stories/${id}/`, owner, { is_public: true });
    expect(slash.statusCode).toBe(200);
    expect(slash.json().is_public).toBe(true);
    const plain = await call("PATCH", `/v1/stories/${id}`, owner, { is_public: false });
    expect(plain.json().is_public).toBe(false);
  });

  it("edits the text of a completed story and its preview", async () => {
    const id = await storyIn(api, owner, "completed");
    const content = { chapters: [{ ...SAMPLE_CONTENT.chapters[0], paragraphs: ["Rewritten."] }] };
    const response = await call("PATCH", `/v1/stories/${id}`, owner, { content });
    expect(response.json()).toMatchObject({ content, preview: "Rewritten." });
  });

  it("with an empty body changes nothing and counts no event", async () => {
    const id = await storyIn(api, owner, "completed");
    const before = await row(id);
    expect((await call("PATCH", `/v1/stories/${id}`, owner, {})).statusCode).toBe(200);
    expect((await row(id)).eventSeq).toBe(before.eventSeq);
  });

  it("refuses a visibility change of a story under review, naming its status", async () => {
    const id = await storyIn(api, owner, "ready_for_review");
    const response = await call("PATCH", `/v1/stories/${id}`, owner, {
      is_public: true,
      title: "Both",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ status: "ready_for_review" });
    expect((await row(id)).title).not.toBe("Both");
  });
});

describe("regenerating images", () => {
  it("asks the worker for new pictures, only the cover when album_art_only is true", async () => {
    const id = await storyIn(api, owner, "completed");
    const before = await row(id);
    const response = await call(
      "POST",
      `/v1/stories/${id}/regenerate_art?album_art_only=true`,
      owner,
    );
    expect(response.statusCode).toBe(202);
    expect(response.json().status).toBe("completed");
    expect(await row(id)).toMatchObject({
      imagesState: "pending",
      imagesAlbumArtOnly: true,
      imagesVariant: before.imagesVariant + 1,
      eventSeq: before.eventSeq + 1,
    });
  });
});
