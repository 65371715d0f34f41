import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import { fillCatalogue } from "./scale-catalogue.js";

// The scale bench's catalogue (docs/decisions/041, 076): filled with its own statements, each
// table's secondary indexes dropped while its rows go in and built again after.

const INDEXES = `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
  from pg_index where indrelid in ('stories'::regclass, 'comments'::regclass, 'bookmarks'::regclass, 'story_reads'::regclass)
  order by 1`;

describe("the scale bench's catalogue", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.dispose());

  it("fills stories and their engagement and leaves every index as the migrations made it", async () => {
    const query = <Row>(text: string) => db.handle.withSession((s) => s.query<Row>(text));
    const before = await query<{ name: string; definition: string }>(INDEXES);
    const steps: string[] = [];
    await fillCatalogue(
      db.handle,
      { stories: 300, commentsPerStory: 3, bookmarksPerStory: 1, readsPerStory: 2 },
      (line) => steps.push(line),
    );
    expect(steps).toHaveLength(7);
    const [counts] = await query<Record<string, number | string>>(
      `select (select count(*) from stories) as stories, (select count(*) from comments) as comments,
        (select count(*) from stories where search_vector is not null) as searchable`,
    );
    expect(Number(counts?.stories)).toBe(300);
    expect(Number(counts?.comments)).toBe(900);
    expect(Number(counts?.searchable)).toBe(300);
    expect(await query(INDEXES)).toEqual(before);
    // The rebuilt search index answers: one of the catalogue's words finds stories.
    const [found] = await query<{ n: number | string }>(
      `select count(*) as n from stories where search_vector @@ websearch_to_tsquery('english', 'tale')
        and status = 'completed' and is_public and moderation_status = 'approved'`,
    );
    expect(Number(found?.n)).toBe(300);
  });

  it("publishes the newest story newestAgeDays before the fill, so a seed's newer stories stay on top", async () => {
    const aged = await createTestDatabase();
    try {
      const day = 86_400_000;
      const startedAt = Date.now();
      await fillCatalogue(
        aged.handle,
        {
          stories: 10,
          commentsPerStory: 2,
          bookmarksPerStory: 1,
          readsPerStory: 1,
          newestAgeDays: 30,
        },
        () => {},
      );
      const [dates] = await aged.handle.withSession((s) =>
        s.query<{ newest: Date; oldest: Date; last_comment: Date }>(
          `select max(published_at) as newest, min(published_at) as oldest,
            (select max(created_at) from comments) as last_comment from stories`,
        ),
      );
      const newest = new Date(dates!.newest).getTime();
      // Story 10 of 10 at 30 days before the fill's start; story 1 at 9/10 of 730 days before that.
      expect(Math.abs(startedAt - 30 * day - newest)).toBeLessThan(60_000);
      expect(Math.abs(newest - 657 * day - new Date(dates!.oldest).getTime())).toBeLessThan(60_000);
      expect(new Date(dates!.last_comment).getTime()).toBeLessThanOrEqual(Date.now());
    } finally {
      await aged.dispose();
    }
  });
});
