import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { comments, stories } from "../db/schema.js";
import { loadApiConfig } from "../../config/api-config.js";
import { newPerson, storyIn, type TestPerson } from "../../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../../testing/test-api.js";

// The read paths are lean (docs/decisions/036): a page of story cards is one SQL statement that
// never reads a story's text, the story page one statement and its read, the comment list two.

let api: TestApi;
let owner: TestPerson;
let reader: TestPerson;
let publicIds: string[];
/** The statements the app sent since the last `statementsOf` call. */
let sent: string[] = [];

/** The SQL statements one request sends, after checking it is answered 200. */
async function statementsOf(url: string, person: TestPerson | null = null): Promise<string[]> {
  sent = [];
  const response = await api.app.inject({ method: "GET", url, headers: person?.headers ?? {} });
  expect(response.statusCode, response.body).toBe(200);
  return sent;
}

/** Statements that read the stories table (a signed-in caller's profile lookup does not). */
const storyStatements = (statements: string[]) =>
  statements.filter((statement) => statement.includes('"stories"'));

/** Whether a statement reads a story's text or plan (a comment's own text is not one). */
const readsStoryText = (statement: string) =>
  /"(content|plan)"/.test(statement.replaceAll('"comments"."content"', ""));

beforeAll(async () => {
  api = await startTestApi(
    undefined,
    // The anonymous limit's own statement is not what these tests count.
    {
      addressLimits: { ...loadApiConfig({}).addressLimits, anonymousRequestsPerMinute: 0 },
      // Rankings read a kept snapshot (decision 041); taking one is the refresh job's work, done
      // by each test's first request, not the page's.
      trending: { refreshMs: 10 * 60_000, retentionMs: 30 * 60_000 },
    },
    (query) => sent.push(query),
  );
  [owner, reader] = await Promise.all([newPerson(api, "owner"), newPerson(api, "reader")]);
  publicIds = [];
  for (let index = 0; index < 3; index += 1) {
    const publicId = await storyIn(api, owner, "completed", { isPublic: true });
    await api.database.db
      .update(stories)
      .set({ publishedAt: new Date(Date.now() - index * 60_000) })
      .where(eq(stories.publicId, publicId));
    publicIds.push(publicId);
  }
  await api.app.inject({
    method: "POST",
    url: `/v1/stories/${publicIds[0]}/bookmark`,
    headers: reader.headers,
  });
  const [first] = await api.database.db
    .select({ id: stories.id })
    .from(stories)
    .where(eq(stories.publicId, publicIds[0] as string));
  await api.database.db
    .insert(comments)
    .values({ id: "lean-comment", storyId: first?.id as string, content: "Lovely" });
});
afterAll(() => api?.close());

describe("a page of story cards", () => {
  it.each([
    ["Fresh Threads", "/v1/stories?sort=newest&size=9"],
    ["a filtered page", "/v1/stories?sort=newest&size=2&tag=mystery"],
    ["popular", "/v1/stories?sort=popular&size=9"],
    ["Trending Now", "/v1/stories/trending"],
    ["a search", "/v1/stories/search?q=keeper"],
    [
      "an explore page with every filter",
      "/v1/stories?sort=popular&tags=mystery&exclude_tags=horror&length=short&nastiness=light",
    ],
    ["a filtered search", "/v1/stories/search?q=keeper&tags=sea&exclude_tags=horror&length=short"],
  ])("%s is one statement for a visitor, without the stories' text", async (_name, url) => {
    await statementsOf(url);
    const all = await statementsOf(url);
    // A ranked page first finds the snapshot it ranks at (decision 041): small reads of
    // trending_snapshots by its primary key, beside the one statement on the stories (which reads
    // the snapshot's unengaged_from inside it: decision 075).
    const statements = all.filter(
      (statement) =>
        !(
          /^select [^;]* from "trending_snapshots"/.test(statement) &&
          !statement.includes('"stories"')
        ),
    );
    expect(all.length - statements.length).toBeLessThanOrEqual(2);
    expect(statements).toHaveLength(1);
    const page = (await api.app.inject({ method: "GET", url })).json();
    expect(page.items.length).toBeGreaterThan(0);
    expect(readsStoryText(statements[0] as string)).toBe(false);
  });

  it("is one statement on the stories for a signed-in reader, counts and bookmark included", async () => {
    const statements = await statementsOf("/v1/stories?sort=newest&size=9", reader);
    expect(storyStatements(statements)).toHaveLength(1);
    const page = (
      await api.app.inject({ method: "GET", url: "/v1/stories?size=9", headers: reader.headers })
    ).json();
    const card = page.items.find((item: { public_id: string }) => item.public_id === publicIds[0]);
    expect(card).toMatchObject({
      is_bookmarked: true,
      bookmark_count: 1,
      comment_count: 1,
      content: null,
      images: [],
    });
    expect(card.header_image_url).toMatch(/^\/v1\/media\//);
  });

  it("is one statement for the next page, the reader's bookmarks and My Stories", async () => {
    const first = (
      await api.app.inject({ method: "GET", url: "/v1/stories?sort=newest&size=1" })
    ).json();
    expect(
      await statementsOf(`/v1/stories?sort=newest&size=1&cursor=${first.next_cursor}`),
    ).toHaveLength(1);
    for (const [url, person] of [
      ["/v1/bookmarks", reader],
      ["/v1/stories/mine", owner],
    ] as const) {
      const statements = storyStatements(await statementsOf(url, person));
      expect(statements).toHaveLength(1);
      expect(readsStoryText(statements[0] as string)).toBe(false);
    }
  });
});

describe("the story page", () => {
  it("is one statement and the read for a visitor, with its pictures and counts", async () => {
    const statements = await statementsOf(`/v1/stories/${publicIds[0]}`);
    expect(statements).toHaveLength(2);
    expect(statements.filter((statement) => statement.startsWith("insert"))).toHaveLength(1);
    const story = (
      await api.app.inject({ method: "GET", url: `/v1/stories/${publicIds[0]}` })
    ).json();
    expect(story.content.chapters.length).toBeGreaterThan(0);
    expect(story.images).toHaveLength(1);
    expect(story.header_image_url).toBe(story.images[0].url);
    expect(story).toMatchObject({ bookmark_count: 1, comment_count: 1, is_bookmarked: false });
  });

  it("is one statement for its owner, who adds no read", async () => {
    expect(storyStatements(await statementsOf(`/v1/stories/${publicIds[0]}`, owner))).toHaveLength(
      1,
    );
  });
});

describe("the comment list", () => {
  it("is two statements, neither reading the story's text", async () => {
    const statements = await statementsOf(`/v1/comments/stories/${publicIds[0]}/comments`);
    expect(statements).toHaveLength(2);
    for (const statement of statements) expect(readsStoryText(statement)).toBe(false);
  });
});
