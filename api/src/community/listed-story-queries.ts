import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DesiredLength, NastinessLevel } from "@storyloom/common";
import type { KeysetPosition } from "../platform/lib/cursor.js";
import type { Database } from "../platform/db/database.js";
import { stories, users } from "../platform/db/schema.js";
import {
  cardColumns,
  isListed,
  qualified,
  toStoryCard,
  type PreparedStatements,
  type StoryCard,
} from "./story-card-queries.js";

// The public lists' filters (Home, /explore, search) as SQL on placeholders, and the newest-first
// page of listed stories that Fresh Threads, an author's stories and the subscription feed share.
// Which index serves which list: platform/db/migrations/0003_community.sql.

export interface PublicFilters {
  /** One of the story's tags, ignoring case. */
  tag?: string;
  /** The author's username, ignoring case. */
  author?: string;
  /** Case-insensitive match in the title or description. */
  q?: string;
  /** The category's id. */
  category?: string;
  /** Tags the story has, every one of them, lower-cased (docs/decisions/024). */
  tags?: string[];
  /** Tags the story must not have, lower-cased. */
  excludeTags?: string[];
  length?: DesiredLength;
  nastiness?: NastinessLevel;
}

/** ILIKE with the user's % and _ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** The filters that are set, each on its placeholder (filterValues gives their values). */
export function filtersSql(filters: PublicFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.tag !== undefined) {
    parts.push(
      sql`exists (select 1 from unnest(${stories.tags}) as tag where lower(tag) = lower(${sql.placeholder("tag")}))`,
    );
  }
  if (filters.author !== undefined) {
    parts.push(sql`lower(${users.username}) = lower(${sql.placeholder("author")})`);
  }
  if (filters.q !== undefined) {
    const pattern = sql.placeholder("pattern");
    parts.push(sql`(${stories.title} ilike ${pattern} or ${stories.description} ilike ${pattern})`);
  }
  parts.push(...discoveryFiltersSql(filters));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** /explore's filters (docs/decisions/024), each on its placeholder. */
function discoveryFiltersSql(filters: PublicFilters): SQL[] {
  const parts: SQL[] = [];
  const storyTags = qualified(stories.tags);
  if (filters.category !== undefined) {
    parts.push(sql`${stories.categoryId} = ${sql.placeholder("category")}`);
  }
  if (filters.tags !== undefined) {
    // Every wanted tag is among the story's, ignoring case.
    parts.push(
      sql`(select array_agg(lower(tag)) from unnest(${storyTags}) as tag) @> ${sql.placeholder("includeTags")}::text[]`,
    );
  }
  if (filters.excludeTags !== undefined) {
    parts.push(
      sql`not exists (select 1 from unnest(${storyTags}) as tag where lower(tag) = any(${sql.placeholder("excludeTags")}::text[]))`,
    );
  }
  if (filters.length !== undefined) {
    parts.push(sql`${stories.desiredLength} = ${sql.placeholder("length")}`);
  }
  if (filters.nastiness !== undefined) {
    parts.push(sql`${stories.nastinessLevel} = ${sql.placeholder("nastiness")}`);
  }
  return parts;
}

/** Which filters a statement has: one prepared shape per combination. */
export const filtersShape = (filters: PublicFilters) =>
  (["tag", "author", "q", "category", "tags", "excludeTags", "length", "nastiness"] as const)
    .map((name) => (filters[name] === undefined ? "-" : name))
    .join(",");

/** The filters' values, under the placeholders filtersSql names. */
export const filterValues = (filters: PublicFilters) => ({
  tag: filters.tag,
  author: filters.author,
  pattern: filters.q === undefined ? undefined : containsPattern(filters.q),
  category: filters.category,
  includeTags: filters.tags,
  excludeTags: filters.excludeTags,
  length: filters.length,
  nastiness: filters.nastiness,
});

/**
 * A page of listed stories' cards that meet `condition`, newest published first, `size` after
 * `after`: Fresh Threads, an author's stories and the subscription feed. Keyset-paged by
 * (published_at, id), so stories published meanwhile never shift a page. One prepared statement per
 * shape (docs/decisions/036), counts, cover and the viewer's bookmark included; `values` fill the
 * condition's placeholders.
 */
export async function newestListedCards(
  db: Database,
  statements: PreparedStatements,
  page: {
    shape: string;
    condition: SQL | undefined;
    values: Record<string, unknown>;
    size: number;
    after: KeysetPosition | null;
    viewerId: string | null;
  },
): Promise<Array<{ story: StoryCard; position: KeysetPosition }>> {
  const { after } = page;
  const statement = statements.of(`${page.shape}:${after ? "after" : "first"}`, () => {
    // The page's stories first, from the newest-first index alone where it holds what the
    // condition tests (migration 0033); then their cards, for those rows only (decision 076).
    const found = sql`(select ${qualified(stories.id)} as page_id, ${qualified(stories.publishedAt)} as page_published_at
      from ${stories} left join ${users} on ${qualified(users.id)} = ${qualified(stories.authorId)}
      where ${and(
        isListed,
        page.condition,
        // A row comparison, so the index scan starts at the cursor instead of filtering up to it.
        after
          ? sql`(${qualified(stories.publishedAt)}, ${qualified(stories.id)}) < (${sql.placeholder("afterAt")}::timestamptz, ${sql.placeholder("afterId")})`
          : undefined,
      )}
      order by ${qualified(stories.publishedAt)} desc, ${qualified(stories.id)} desc
      limit ${sql.placeholder("size")}) as found`;
    return db
      .select({
        ...cardColumns,
        authorUsername: users.username,
        exactPublishedAt: sql<string>`${qualified(stories.publishedAt)}::text`,
      })
      .from(found)
      .innerJoin(stories, sql`${qualified(stories.id)} = page_id`)
      .leftJoin(users, eq(users.id, stories.authorId))
      .orderBy(sql`page_published_at desc`, sql`page_id desc`);
  });
  const rows = await statement.execute({
    ...page.values,
    afterAt: after?.at,
    afterId: after?.id,
    size: page.size,
    viewer: page.viewerId,
  });
  return rows.map(({ authorUsername, exactPublishedAt, ...row }) => ({
    story: toStoryCard(row, authorUsername),
    position: { at: exactPublishedAt, id: row.id },
  }));
}
