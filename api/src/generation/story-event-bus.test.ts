import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyStoryEvent } from "./story-events.js";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import { eventually, silentLog } from "../testing/worker-test-kit.js";
import { openStoryEventBus, type StoryEvent } from "./story-event-bus.js";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.dispose());

describe("the story events listener", () => {
  it("hears every story event sent on the database, with its sequence number", async () => {
    const bus = await openStoryEventBus(database.handle.db, silentLog);
    const heard: StoryEvent[] = [];
    bus.subscribe({ onEvent: (event) => heard.push(event) });
    try {
      await notifyStoryEvent(database.handle.db, "abc123", 7);
      await notifyStoryEvent(database.handle.db, "abc123", 8);
      await eventually(() => (heard.length === 2 ? true : undefined), "two events");
      expect(heard).toEqual([
        { publicId: "abc123", seq: 7 },
        { publicId: "abc123", seq: 8 },
      ]);
    } finally {
      await bus.close();
    }
  });

  it("listens again after its connection is cut, and asks listeners to resync", async () => {
    const client = (database.handle.db as unknown as { $client: unknown }).$client;
    const heard: StoryEvent[] = [];
    let resyncs = 0;
    const bus = await openStoryEventBus(database.handle.db, silentLog);
    bus.subscribe({ onEvent: (event) => heard.push(event), onResync: () => (resyncs += 1) });
    try {
      if (client instanceof pg.Pool) {
        // PostgreSQL: the server ends the listening connection (a restart, a network cut).
        await database.handle.db.execute(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where query ilike 'listen %' and pid <> pg_backend_pid() and datname = current_database()`,
        );
        await eventually(() => (resyncs > 0 ? true : undefined), "the reconnection");
      }
      // PGlite has no connection to lose: events simply keep arriving.
      await notifyStoryEvent(database.handle.db, "after", 1);
      await eventually(() => heard.find((event) => event.publicId === "after"), "an event");
    } finally {
      await bus.close();
    }
  });
});
