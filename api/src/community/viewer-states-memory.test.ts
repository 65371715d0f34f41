import Fastify from "fastify";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApiConfig } from "../config/api-config.js";
import { bookmarks, stories, type UserRecord } from "../platform/db/schema.js";
import { newPerson, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";
import {
  createViewerStatesMemory,
  forgetStatesAfterWrites,
  REMEMBERED_STATES_PER_READER,
  type ViewerStatesMemory,
} from "./viewer-states-memory.js";

// A reader's own states on the cards they read, remembered between their requests
// (docs/decisions/077-readers-own-states-remembered.md).

interface Row {
  publicId: string;
  bookmarked: boolean;
}

/** A read of the database that answers every story but "gone", and records what it was asked. */
function recordingRead() {
  const asked: string[][] = [];
  const read = async (publicIds: string[]): Promise<Row[]> => {
    asked.push(publicIds);
    return publicIds
      .filter((id) => id !== "gone")
      .map((publicId) => ({ publicId, bookmarked: true }));
  };
  return { asked, read };
}

describe("createViewerStatesMemory", () => {
  it("reads only the stories it does not keep, and keeps a story the read left out as absent", async () => {
    const memory = createViewerStatesMemory(10_000);
    const { asked, read } = recordingRead();
    const first = await memory.rows("card", "ann", ["a", "b", "gone"], read);
    expect(first.map((row) => row.publicId).sort()).toEqual(["a", "b"]);
    const second = await memory.rows("card", "ann", ["b", "c", "gone", "a"], read);
    expect(second.map((row) => row.publicId).sort()).toEqual(["a", "b", "c"]);
    expect(asked).toEqual([["a", "b", "gone"], ["c"]]);
  });

  it("keeps each reader's and each kind's rows apart", async () => {
    const memory = createViewerStatesMemory(10_000);
    const { asked, read } = recordingRead();
    await memory.rows("card", "ann", ["a"], read);
    await memory.rows("card", "bob", ["a"], read);
    await memory.rows("story", "ann", ["a"], read);
    await memory.rows("card", "ann", ["a"], read);
    expect(asked).toEqual([["a"], ["a"], ["a"]]);
  });

  it("believes a row for maxAgeMs, then reads it again", async () => {
    let now = 1_000;
    const memory = createViewerStatesMemory(500, () => now);
    const { asked, read } = recordingRead();
    await memory.rows("card", "ann", ["a"], read);
    now = 1_499;
    await memory.rows("card", "ann", ["a"], read);
    expect(asked).toHaveLength(1);
    now = 1_500;
    await memory.rows("card", "ann", ["a"], read);
    expect(asked).toHaveLength(2);
  });

  it("forgets a reader, or everyone, when told", async () => {
    const memory = createViewerStatesMemory(10_000);
    const { asked, read } = recordingRead();
    await memory.rows("card", "ann", ["a"], read);
    await memory.rows("card", "bob", ["a"], read);
    memory.forget("ann");
    await memory.rows("card", "ann", ["a"], read);
    await memory.rows("card", "bob", ["a"], read);
    expect(asked).toHaveLength(3);
    memory.clear();
    await memory.rows("card", "bob", ["a"], read);
    expect(asked).toHaveLength(4);
  });

  it("answers a read the reader's write overtook, but does not keep it", async () => {
    const memory = createViewerStatesMemory(10_000);
    let release: () => void = () => {};
    const slow = async (publicIds: string[]): Promise<Row[]> => {
      await new Promise<void>((resolve) => (release = resolve));
      return publicIds.map((publicId) => ({ publicId, bookmarked: false }));
    };
    const before = memory.rows("card", "ann", ["a"], slow);
    // Their bookmark commits and is answered while the read is under way.
    memory.forget("ann");
    release();
    expect(await before).toEqual([{ publicId: "a", bookmarked: false }]);
    const { asked, read } = recordingRead();
    expect(await memory.rows("card", "ann", ["a"], read)).toEqual([
      { publicId: "a", bookmarked: true },
    ]);
    expect(asked).toEqual([["a"]]);
  });

  it("keeps at most REMEMBERED_STATES_PER_READER stories a reader, the latest read", async () => {
    const memory = createViewerStatesMemory(10_000);
    const { asked, read } = recordingRead();
    const ids = Array.from({ length: REMEMBERED_STATES_PER_READER + 5 }, (_, i) => `s${i}`);
    await memory.rows("card", "ann", ids, read);
    await memory.rows("card", "ann", ids.slice(5), read);
    expect(asked).toHaveLength(1);
    await memory.rows("card", "ann", ids.slice(0, 5), read);
    expect(asked[1]).toEqual(ids.slice(0, 5));
  });

  it("with maxAgeMs 0 keeps nothing", async () => {
    const memory = createViewerStatesMemory(0);
    const { asked, read } = recordingRead();
    await memory.rows("card", "ann", ["a"], read);
    await memory.rows("card", "ann", ["a"], read);
    expect(asked).toHaveLength(2);
  });
});

describe("forgetStatesAfterWrites", () => {
  /** An app whose caller is given by the x-who header, and the memory's calls it saw. */
  async function appSeeing() {
    const calls: string[] = [];
    const memory: ViewerStatesMemory = {
      rows: async () => [],
      forget: (viewerId) => void calls.push(`forget ${viewerId}`),
      clear: () => void calls.push("clear"),
    };
    const app = Fastify();
    app.decorateRequest("user", null);
    app.addHook("onRequest", async (request) => {
      const who = request.headers["x-who"];
      if (who === "reader") request.user = { id: "r1", roles: [] } as unknown as UserRecord;
      if (who === "admin") request.user = { id: "a1", roles: ["admin"] } as unknown as UserRecord;
    });
    forgetStatesAfterWrites(app, memory);
    app.get("/read", async () => ({}));
    app.post("/write", async () => ({}));
    app.post("/refused", async (_request, reply) => reply.code(422).send({}));
    await app.ready();
    return { app, calls };
  }

  it.each([
    ["a reader's write forgets theirs", "POST", "/write", "reader", ["forget r1"]],
    ["an admin's write forgets everyone's", "POST", "/write", "admin", ["clear"]],
    ["a visitor's write forgets nothing", "POST", "/write", "", []],
    ["a read forgets nothing", "GET", "/read", "reader", []],
    ["a refused write forgets nothing", "POST", "/refused", "reader", []],
  ] as const)("%s", async (_case, method, url, who, expected) => {
    const { app, calls } = await appSeeing();
    await app.inject({ method, url, headers: { "x-who": who } });
    expect(calls).toEqual(expected);
    await app.close();
  });
});

describe("a signed-in reader's lists with their states remembered", () => {
  const NO_LIMIT = { ...loadApiConfig({}).addressLimits, anonymousRequestsPerMinute: 0 };
  let api: TestApi;
  let owner: TestPerson;
  let reader: TestPerson;
  let storyId: string;
  let sent: string[] = [];
  /** The reader's own states' statements (cardViewerStates, viewerStates) among those sent. */
  const ownStateReads = () =>
    sent.filter(
      (statement) =>
        statement.includes('"subscriptions"') &&
        (statement.includes("any(") || statement.includes('"reading_progress"')),
    );

  async function get(url: string, person: TestPerson) {
    const response = await api.app.inject({ method: "GET", url, headers: person.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const bookmarkedOnList = async (person: TestPerson) =>
    (await get("/v1/stories?sort=newest&size=9", person)).items.find(
      (card: { public_id: string }) => card.public_id === storyId,
    ).is_bookmarked;
  const bookmarkedInStates = async (person: TestPerson) =>
    (await get(`/v1/me/story-states?ids=${storyId}`, person)).items[0].is_bookmarked;

  beforeAll(async () => {
    // Far longer than any test: what forgets here is a write, never time.
    api = await startTestApi(
      undefined,
      { publicListCacheMs: 600_000, viewerStateCacheMs: 600_000, addressLimits: NO_LIMIT },
      (query) => sent.push(query),
    );
    [owner, reader] = await Promise.all([newPerson(api, "owner"), newPerson(api, "reader")]);
    storyId = await storyIn(api, owner, "completed");
    const published = await api.app.inject({
      method: "PATCH",
      url: `/v1/stories/${storyId}`,
      headers: owner.headers,
      payload: { is_public: true },
    });
    expect(published.statusCode).toBe(200);
  });
  afterAll(() => api?.close());

  it("reads their states once: the next page, and the bff's states, come from memory", async () => {
    expect(await bookmarkedOnList(reader)).toBe(false);
    expect(await bookmarkedInStates(reader)).toBe(false);
    sent = [];
    expect(await bookmarkedOnList(reader)).toBe(false);
    expect(await bookmarkedInStates(reader)).toBe(false);
    expect(ownStateReads()).toEqual([]);
    // A bookmark written past the api is not seen while they are remembered.
    const [story] = await api.database.db
      .select({ id: stories.id })
      .from(stories)
      .where(eq(stories.publicId, storyId));
    await api.database.db.insert(bookmarks).values({ userId: reader.id, storyId: story!.id });
    expect(await bookmarkedOnList(reader)).toBe(false);
    await api.database.db.delete(bookmarks).where(eq(bookmarks.userId, reader.id));
  });

  it("shows the reader's own bookmark at once, and another reader's write forgets nothing of theirs", async () => {
    await bookmarkedOnList(reader);
    const other = await newPerson(api, "other");
    const theirs = await api.app.inject({
      method: "POST",
      url: `/v1/stories/${storyId}/bookmark`,
      headers: other.headers,
    });
    expect(theirs.statusCode, theirs.body).toBeLessThan(300);
    sent = [];
    expect(await bookmarkedOnList(reader)).toBe(false);
    expect(ownStateReads()).toEqual([]);

    const mine = await api.app.inject({
      method: "POST",
      url: `/v1/stories/${storyId}/bookmark`,
      headers: reader.headers,
    });
    expect(mine.statusCode, mine.body).toBeLessThan(300);
    expect(await bookmarkedOnList(reader)).toBe(true);
    expect(await bookmarkedInStates(reader)).toBe(true);
    expect(ownStateReads()).toHaveLength(2);
  });
});
