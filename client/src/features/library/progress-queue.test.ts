import "fake-indexeddb/auto";
import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { MockLink } from "@apollo/client/testing";
import { GraphQLError } from "graphql";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { typePolicies } from "../../apollo/type-policies";
import { flushOfflineQueue, queuedCount } from "../offline/offline-queue";
import { closeOfflineDbForTests, OFFLINE_DB_NAME } from "../offline/offline-store";
import { SaveReadingProgressMutation } from "./library-queries";
import { registerProgressSender, saveOrQueueProgress } from "./progress-queue";

// Progress made offline syncs on return: kept in the offline queue (the latest per story, stamped
// with when the reader was there), sent by the "progress" sender once the network is back.

const UID = "reader-1";
const STORY = "U3Rvcnk6c3RvcnktMQ";
const OTHER = "U3Rvcnk6c3RvcnktMg";

const saved = (storyId: string, paragraph: number) => ({
  data: {
    saveReadingProgress: {
      __typename: "ReadingProgress" as const,
      id: `P-${storyId}`,
      storyId,
      state: "READING" as const,
      position: { __typename: "ReadingPosition" as const, chapter: 0, paragraph },
      newSinceRead: false,
      readAt: "2026-11-27T10:00:00.000Z",
    },
  },
});

const asked = (input: object) => ({ query: SaveReadingProgressMutation, variables: { input } });

function client(...answers: MockLink.MockedResponse[]) {
  return new ApolloClient({
    cache: new InMemoryCache({ typePolicies }),
    link: ApolloLink.from([new MockLink(answers)]),
  });
}

const at = (minute: number) => () => new Date(Date.UTC(2026, 10, 27, 10, minute));
const iso = (minute: number) => at(minute)().toISOString();

let online = true;
beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
  await closeOfflineDbForTests();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(OFFLINE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await closeOfflineDbForTests();
});

describe("a reader's place with no network", () => {
  it("is queued, the latest per story, and sent with its time once back online", async () => {
    online = false;
    const place = (storyId: string, paragraph: number) => ({
      storyId,
      chapter: 0,
      paragraph,
      atEnd: false,
    });
    // Offline, nothing is asked of the api: no answer is mocked.
    const noAnswers = client();
    expect(await saveOrQueueProgress(noAnswers, UID, place(STORY, 1), at(1))).toBe("queued");
    expect(await saveOrQueueProgress(noAnswers, UID, place(STORY, 4), at(2))).toBe("queued");
    expect(await saveOrQueueProgress(null, UID, place(OTHER, 2), at(3))).toBe("queued");
    expect(await queuedCount(UID)).toBe(2);

    // Back online: only the latest place of each story is sent, with when the reader was there.
    online = true;
    const sent: object[] = [];
    const answer = (storyId: string, paragraph: number, minute: number) => {
      const input = { storyId, chapter: 0, paragraph, atEnd: false, readAt: iso(minute) };
      return {
        request: asked(input),
        result: () => {
          sent.push(input);
          return saved(storyId, paragraph);
        },
      };
    };
    const back = client(answer(STORY, 4, 2), answer(OTHER, 2, 3));
    const unregister = registerProgressSender(async () => back);
    try {
      expect(await flushOfflineQueue(UID)).toBe(2);
    } finally {
      unregister();
    }
    expect(sent).toEqual([
      expect.objectContaining({ storyId: STORY, paragraph: 4, readAt: iso(2) }),
      expect.objectContaining({ storyId: OTHER, paragraph: 2, readAt: iso(3) }),
    ]);
    expect(await queuedCount(UID)).toBe(0);
  });

  it("is queued when the api cannot be reached, kept while it still cannot, dropped if refused", async () => {
    const input = { storyId: STORY, chapter: 0, paragraph: 3, atEnd: false };
    const down = { request: asked({ ...input, readAt: iso(5) }), error: new Error("network down") };
    expect(await saveOrQueueProgress(client(down), UID, input, at(5))).toBe("queued");
    expect(await queuedCount(UID)).toBe(1);

    const stillDown = client({ ...down });
    const unregister = registerProgressSender(async () => stillDown);
    expect(await flushOfflineQueue(UID)).toBe(0);
    unregister();
    expect(await queuedCount(UID)).toBe(1);

    // The story is gone by then: the api's refusal is final, the place is not sent again.
    const refused = client({
      request: asked({ ...input, readAt: iso(5) }),
      result: { errors: [new GraphQLError("Not found", { extensions: { code: "NOT_FOUND" } })] },
    });
    const again = registerProgressSender(async () => refused);
    expect(await flushOfflineQueue(UID)).toBe(1);
    again();
    expect(await queuedCount(UID)).toBe(0);
  });

  it("is saved at once, not queued, when the api answers", async () => {
    const input = { storyId: STORY, chapter: 0, paragraph: 1, atEnd: false };
    const answers = client({
      request: asked({ ...input, readAt: iso(7) }),
      result: saved(STORY, 1),
    });
    expect(await saveOrQueueProgress(answers, UID, input, at(7))).toBe("saved");
    expect(await queuedCount(UID)).toBe(0);
  });
});
