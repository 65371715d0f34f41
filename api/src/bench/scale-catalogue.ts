import type { DatabaseHandle } from "../platform/db/database.js";
import type { SqlSession } from "../platform/db/sql-session.js";

// The scale bench's catalogue (docs/decisions/041): N listed stories published evenly over two
// years by 2,000 authors in 12 categories, with tags from a pool of 400 and titles from a pool of
// words, and engagement over them (comments, bookmarks and reads), written by the database itself
// from generate_series, a few statements in all, so a million stories take minutes, not hours.

export const AUTHORS = 2000;
export const CATEGORIES = 12;
/** Tags: `t0`…`t299` (the first of every story) and `k300`…`k396` (the second). */
export const FIRST_TAGS = 300;
/** Words are a first part and a second, 40 of each: 1,600 words, so a word is in ~0.4% of stories. */
const FIRSTS = [
  "bran",
  "mist",
  "cor",
  "dal",
  "fen",
  "gor",
  "hal",
  "jor",
  "kel",
  "lun",
  "mor",
  "nor",
  "pel",
  "quin",
  "ros",
  "sal",
  "tor",
  "val",
  "wen",
  "zan",
  "ash",
  "bel",
  "cal",
  "dor",
  "eld",
  "far",
  "gil",
  "hes",
  "ith",
  "kar",
  "lor",
  "mar",
  "nim",
  "orm",
  "pry",
  "rud",
  "sev",
  "tam",
  "ulf",
  "vor",
];
const SECONDS = [
  "dol",
  "ora",
  "wick",
  "mere",
  "stan",
  "via",
  "ton",
  "lin",
  "ric",
  "mund",
  "bury",
  "ford",
  "heim",
  "vale",
  "dane",
  "worth",
  "ley",
  "ham",
  "croft",
  "thorn",
  "gard",
  "mont",
  "berg",
  "ster",
  "wyn",
  "amir",
  "olan",
  "uzet",
  "ibar",
  "essa",
  "ovic",
  "arth",
  "inga",
  "elle",
  "ondo",
  "usk",
  "ywen",
  "akai",
  "ithe",
  "orro",
];
const WORD_COUNT = FIRSTS.length * SECONDS.length;
/** The i-th word, as the catalogue's SQL spells it. */
export const wordOf = (i: number) =>
  `${FIRSTS[Math.floor(i / SECONDS.length) % FIRSTS.length]}${SECONDS[i % SECONDS.length]}`;

export interface CatalogueSize {
  stories: number;
  commentsPerStory: number;
  /** Bookmarks and reads per story, on average. */
  bookmarksPerStory: number;
  readsPerStory: number;
  /** The newest story's age in days (0 when unset): older stories, such as the seed's, stay newer. */
  newestAgeDays?: number;
}

/**
 * The benches' catalogue of `stories`: ten comments, two bookmarks and three reads a story (a
 * million stories, ten million comments), the newest `newestAgeDays` old.
 */
export const catalogueOf = (stories: number, newestAgeDays = 0): CatalogueSize => ({
  stories,
  commentsPerStory: 10,
  bookmarksPerStory: 2,
  readsPerStory: 3,
  newestAgeDays,
});

const textArray = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value}'`).join(",")}]::text[]`;
/** An integer hash of `x` in [0, m): spreads series numbers without random(), so runs repeat. */
const spread = (x: string, m: number) => `((${x})::bigint * 2654435761 % ${m})::int`;
/**
 * When story `s` (1…n, n newest) was published: evenly over the 730 days before `end` (the fill's
 * start, or that many days before it).
 */
const publishedOf = (s: string, n: number, end: string) =>
  `(${end} - ((${n} - (${s}))::float8 / ${n}) * interval '730 days')`;
/** wordOf(spread(x)) in SQL. */
const word = (x: string) =>
  `(${textArray(FIRSTS)})[1 + ${spread(x, WORD_COUNT)} / ${SECONDS.length}] || (${textArray(SECONDS)})[1 + ${spread(x, WORD_COUNT)} % ${SECONDS.length}]`;
/** A moment between story s's publication and `hours` after it, never past the fill's start. */
const engagedAt = (s: string, g: string, n: number, end: string, hours: number) =>
  `least(timestamptz 'now', ${publishedOf(s, n, end)} + ${spread(g, hours * 60)} * interval '1 minute')`;

/** The statements that fill an empty migrated database; each one a single pass. */
export function catalogueStatements(
  size: CatalogueSize,
): Array<{ label: string; sql: string; table?: string }> {
  const n = size.stories;
  const end = `(timestamptz 'now' - interval '${size.newestAgeDays ?? 0} days')`;
  return [
    {
      label: "authors and categories",
      sql: `insert into users (id, firebase_uid, email, username)
        select 'sa' || u, 'sa' || u, 'sa' || u || '@example.com', 'author_' || u
        from generate_series(0, ${AUTHORS - 1}) as u;
        insert into categories (id, name, slug)
        select 'sc' || c, 'Category ' || c, 'category-' || c from generate_series(0, ${CATEGORIES - 1}) as c;`,
    },
    {
      label: `${n} stories`,
      table: "stories",
      sql: `insert into stories (id, public_id, author_id, title, description, outline, tags,
          desired_length, nastiness_level, status, is_public, preview, progress, moderation_status,
          category_id, category_name, content, created_at, updated_at, completed_at, published_at)
        select 'ss' || i, 'sp' || i, 'sa' || (i % ${AUTHORS}),
          initcap(${word("i")}) || ' and the ' || ${word("i + 7")} || ' of ' || ${word("i * 3 + 1")},
          'A tale of a ' || ${word("i * 5 + 2")} || ' near the ' || ${word("i * 11 + 3")} || '.',
          'An outline.',
          array['t' || ${spread("i", FIRST_TAGS)}, 'k' || (${FIRST_TAGS} + ${spread("i * 7 + 1", 97)})],
          (array['short','medium','long'])[1 + i % 3], (array['light','medium','heavy'])[1 + (i / 3) % 3],
          'completed', true, 'The ' || ${word("i * 13 + 4")} || ' was waiting by the ' || ${word("i * 17 + 5")} || '.',
          100, 'approved', 'sc' || (i % ${CATEGORIES}), 'Category ' || (i % ${CATEGORIES}),
          '{"chapters":[]}'::jsonb, p - interval '1 minute', p, p, p
        from (select i, ${publishedOf("i", n, end)} as p from generate_series(1, ${n}) as i) as g;`,
    },
    {
      label: `${n * size.commentsPerStory} comments`,
      table: "comments",
      sql: `insert into comments (id, story_id, author_id, content, created_at, updated_at)
        select 'sm' || g, 'ss' || s, 'sa' || (g % ${AUTHORS}), 'What a twist.', at, at
        from (select g, s, ${engagedAt("s", "g", n, end, 72)} as at
          from (select g, 1 + ${spread("g", n)} as s
            from generate_series(1, ${n * size.commentsPerStory}) as g) as picked) as c;`,
    },
    {
      label: `~${n * size.bookmarksPerStory} bookmarks`,
      table: "bookmarks",
      sql: `insert into bookmarks (user_id, story_id, created_at)
        select 'sa' || (g % ${AUTHORS}), 'ss' || s, ${engagedAt("s", "g", n, end, 96)}
        from (select g, 1 + ${spread("g * 7 + 3", n)} as s
          from generate_series(1, ${n * size.bookmarksPerStory}) as g) as b
        on conflict do nothing;`,
    },
    {
      label: `${n * size.readsPerStory} reads`,
      table: "story_reads",
      sql: `insert into story_reads (story_id, read_on, reader_key, created_at)
        select 'ss' || s, at::date, 'k' || g, at
        from (select g, s, ${engagedAt("s", "g", n, end, 120)} as at
          from (select g, 1 + ${spread("g * 5 + 1", n)} as s
            from generate_series(1, ${n * size.readsPerStory}) as g) as picked) as r
        on conflict do nothing;`,
    },
    // Settled, as a database that has run a while is: statistics and the visibility map
    // (index-only scans) current, as autovacuum keeps them, and the fill's pages written out, as
    // the checkpointer does within minutes; else a bench's first reads of a table write out the
    // pages they evict (at a million stories, 2,885 of a search's 6,569, doubling its time).
    { label: "vacuum analyze", sql: "vacuum analyze;" },
    { label: "checkpoint", sql: "checkpoint;" },
  ];
}

/**
 * Fills the catalogue, telling `progress` how long each step took. A table's indexes that back no
 * constraint are dropped while its rows go in and built again after, from their own definitions:
 * one sorted build each instead of ten million scattered inserts into every one of them.
 */
export async function fillCatalogue(
  handle: DatabaseHandle,
  size: CatalogueSize,
  progress: (line: string) => void,
): Promise<number> {
  const started = performance.now();
  for (const step of catalogueStatements(size)) {
    const stepStarted = performance.now();
    await handle.withSession(async (session) => {
      const rebuilt =
        step.table === undefined ? [] : await dropSecondaryIndexes(session, step.table);
      await session.exec(step.sql);
      for (const definition of rebuilt) await session.exec(definition);
    });
    progress(`${step.label}: ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`);
  }
  return (performance.now() - started) / 1000;
}

/** Drops `table`'s indexes that back no constraint; resolves to the statements that rebuild them. */
async function dropSecondaryIndexes(session: SqlSession, table: string): Promise<string[]> {
  const rows = await session.query<{ name: string; definition: string }>(
    `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition
     from pg_index
     where indrelid = $1::regclass
       and not exists (select 1 from pg_constraint where conindid = indexrelid)`,
    [table],
  );
  for (const { name } of rows) await session.exec(`drop index ${name}`);
  return rows.map((row) => row.definition);
}
