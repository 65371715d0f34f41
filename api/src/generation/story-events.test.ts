import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newPerson, startAs, type TestPerson } from "../testing/story-fixtures.js";
import { listenToStoryEvents, type StoryEventsListener } from "../testing/story-events-listener.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import { parseStoryEvent, storyEventPayload } from "./story-events.js";

let api: TestApi;
let author: TestPerson;
let listener: StoryEventsListener | undefined;
beforeAll(async () => {
  api = await startTestApi();
  author = await newPerson(api, "notified");
});
afterEach(async () => {
  await listener?.stop();
  listener = undefined;
});
afterAll(() => api?.close());

const seqOf = async (publicId: string) =>
  (await new StoriesQueries(api.database.db).findByPublicId(publicId))?.eventSeq;

describe("story events (pg_notify on story_events)", () => {
  it("announce <public_id>:<event_seq> after start, discard and restart", async () => {
    const events = await listenToStoryEvents(api.database);
    listener = events;
    const publicId = await startAs(api, author);
    expect(await events.next((payload) => payload === `${publicId}:1`)).toBe(`${publicId}:1`);

    await api.app.inject({
      method: "DELETE",
      url: `/v1/stories/${publicId}/discard`,
      headers: author.headers,
    });
    const discardSeq = await seqOf(publicId);
    expect(discardSeq).toBe(2);
    await events.next((payload) => payload === `${publicId}:2`);

    await api.app.inject({
      method: "POST",
      url: `/v1/stories/${publicId}/restart`,
      headers: author.headers,
    });
    expect(await seqOf(publicId)).toBe(3);
    await events.next((payload) => payload === `${publicId}:3`);
  });

  it("are not sent for a refused transition", async () => {
    const events = await listenToStoryEvents(api.database);
    listener = events;
    const publicId = await startAs(api, author);
    await events.next((payload) => payload.startsWith(`${publicId}:`));
    const refused = await api.app.inject({
      method: "POST",
      url: `/v1/stories/${publicId}/confirm`,
      headers: author.headers,
    });
    expect(refused.statusCode).toBe(409);
    // A later event of another story arrives after anything this one might have sent.
    const other = await startAs(api, author);
    await events.next((payload) => payload.startsWith(`${other}:`));
    expect(events.payloads.filter((payload) => payload.startsWith(`${publicId}:`))).toEqual([
      `${publicId}:1`,
    ]);
  });

  it("carry a payload that reads back", () => {
    expect(parseStoryEvent(storyEventPayload("Ab3dE5gH9k", 42))).toEqual({
      publicId: "Ab3dE5gH9k",
      seq: 42,
    });
    expect(parseStoryEvent("garbage")).toBeNull();
  });
});
