import "fake-indexeddb/auto";
import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { MockLink } from "@apollo/client/testing";
import { GraphQLError } from "graphql";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { typePolicies } from "../../apollo/type-policies";
import { storyFixture } from "../../testing/story-fixtures";
import { recheckSavedStories, saveStoryOffline } from "./offline-actions";
import { OfflineStoryQuery } from "./offline-fetch";
import {
  enqueueOffline,
  flushOfflineQueue,
  queuedCount,
  registerQueueSender,
} from "./offline-queue";
import {
  clearOfflineStore,
  closeOfflineDbForTests,
  keepOnlyAccount,
  OFFLINE_DB_NAME,
  removeSavedStory,
  savedStories,
  savedStory,
} from "./offline-store";

const reader = { uid: "reader-1", getIdToken: async () => "token" };

function client(...answers: MockLink.MockedResponse[]) {
  return new ApolloClient({
    cache: new InMemoryCache({ typePolicies }),
    link: ApolloLink.from([new MockLink(answers)]),
  });
}

const asked = (publicId: string) => ({ query: OfflineStoryQuery, variables: { publicId } });

/** The api's answer to this reader: the fixture, whole or with its second chapter locked. */
function storyAnswer(publicId: string, full = true) {
  const story = storyFixture({ publicId, id: `Story:${publicId}`, title: `Story ${publicId}` });
  if (!full) {
    story.viewerAccess = { __typename: "StoryAccess", full: false };
    story.content.chapters[1] = { ...story.content.chapters[1]!, paragraphs: [], locked: true };
  }
  return { request: asked(publicId), result: { data: { story } } };
}

async function saveAs(account: typeof reader, publicId: string, full = true) {
  expect(await saveStoryOffline(client(storyAnswer(publicId, full)), account, publicId)).toBeNull();
}

beforeEach(async () => {
  await closeOfflineDbForTests();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(OFFLINE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  });
});
afterEach(() => closeOfflineDbForTests());

describe("the offline store", () => {
  it("keeps the story as the api sent it to this reader, under their account only", async () => {
    await saveAs(reader, "abc123");
    const copy = await savedStory(reader.uid, "abc123");
    expect(copy?.story.text.content?.chapters?.[1]?.paragraphs).toEqual([
      "Mira kept the lamp burning.",
    ]);
    expect(await savedStories(reader.uid)).toEqual([
      expect.objectContaining({ publicId: "abc123", title: "Story abc123" }),
    ]);
    expect(await savedStory("someone-else", "abc123")).toBeNull();
    expect(await savedStories("someone-else")).toEqual([]);
  });

  it("saves nothing when the api refuses the story", async () => {
    const refused = {
      request: asked("private1"),
      result: { errors: [new GraphQLError("Not found", { extensions: { code: "NOT_FOUND" } })] },
    };
    expect(await saveStoryOffline(client(refused), reader, "private1")).toBe(
      "Could not save this story for offline reading.",
    );
    expect(await savedStories(reader.uid)).toEqual([]);
  });

  it("removes one story, and everything at sign-out", async () => {
    await saveAs(reader, "one");
    await saveAs(reader, "two");
    await removeSavedStory(reader.uid, "one");
    expect((await savedStories(reader.uid)).map((story) => story.publicId)).toEqual(["two"]);
    await enqueueOffline(reader.uid, "progress", { at: 1 });
    await clearOfflineStore();
    expect(await savedStories(reader.uid)).toEqual([]);
    expect(await queuedCount(reader.uid)).toBe(0);
  });

  it("keeps only the signed-in account's copies when another person signs in", async () => {
    await saveAs(reader, "one");
    await saveAs({ ...reader, uid: "reader-2" }, "two");
    await keepOnlyAccount("reader-2");
    expect(await savedStories(reader.uid)).toEqual([]);
    expect(await savedStories("reader-2")).toHaveLength(1);
  });
});

describe("rechecking saved stories online", () => {
  it("drops a story the reader may no longer read, trims one whose purchase ended, keeps on a fault", async () => {
    await saveAs(reader, "gone");
    await saveAs(reader, "refunded");
    await saveAs(reader, "flaky");
    const answers = client(
      {
        request: asked("gone"),
        result: { errors: [new GraphQLError("Forbidden", { extensions: { code: "FORBIDDEN" } })] },
      },
      storyAnswer("refunded", false),
      { request: asked("flaky"), error: new Error("network down") },
    );
    expect(await recheckSavedStories(answers, reader)).toBe(1);
    expect(await savedStory(reader.uid, "gone")).toBeNull();
    const refunded = await savedStory(reader.uid, "refunded");
    expect(refunded?.story.full).toBe(false);
    expect(JSON.stringify(refunded)).not.toContain("Mira kept the lamp burning.");
    const flaky = await savedStory(reader.uid, "flaky");
    expect(JSON.stringify(flaky)).toContain("Mira kept the lamp burning.");
  });
});

describe("the offline queue (the hook point for reading progress)", () => {
  it("sends queued changes oldest first once a sender is there, and keeps what fails", async () => {
    await enqueueOffline(reader.uid, "progress", { at: 1 });
    await enqueueOffline(reader.uid, "progress", { at: 2 });
    await enqueueOffline("reader-2", "progress", { at: 9 });
    expect(await flushOfflineQueue(reader.uid)).toBe(0);

    const sent: unknown[] = [];
    let failOnce = true;
    const unregister = registerQueueSender("progress", async (payload) => {
      if (failOnce) {
        failOnce = false;
        throw new Error("offline again");
      }
      sent.push(payload);
    });
    expect(await flushOfflineQueue(reader.uid)).toBe(1);
    expect(await queuedCount(reader.uid)).toBe(1);
    expect(await flushOfflineQueue(reader.uid)).toBe(1);
    expect(sent).toEqual([{ at: 2 }, { at: 1 }]);
    expect(await queuedCount("reader-2")).toBe(1);
    unregister();
  });
});
