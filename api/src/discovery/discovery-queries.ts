import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { nanoid } from "nanoid";
import {
  filtersShape,
  filtersSql,
  filterValues,
  type PublicFilters,
} from "../community/listed-story-queries.js";
import {
  cardColumns,
  instant,
  isListed,
  PreparedStatements,
  qualified,
  rankedOrder,
  toStoryCard,
  type StoryCard,
} from "../community/story-card-queries.js";
import type { Database } from "../platform/db/database.js";
import { isUniqueViolation } from "../platform/db/postgres-errors.js";
import {
  categories,
  stories,
  tagCounts,
  tagSpellings,
  users,
  type CategoryRecord,
} from "../platform/db/schema.js";

// Discovery's queries (docs/decisions/024): categories and their counts, the tags of listed
// stories, and full-text search. Counts and search see listed stories only (story-card-queries
// isListed): never a private, unfinished, discarded or refused one.

export interface CategoryWithCount extends CategoryRecord {
  /** Listed stories in the category. */
  storyCount: number;
}

export interface TagCount {
  /** The tag in lower case: its id in URLs and filters. */
  id: string;
  /** Its most used spelling. */
  name: string;
  storyCount: number;
}

export interface SearchQuery {
  /** The reader's words, as typed (websearch_to_tsquery reads quotes, "or" and "-"). */
  text: string;
  filters: PublicFilters;
  /** The ranking's instant: stories published later wait for a new search (no repeats, no skips). */
  asOf: string;
  skip: number;
  limit: number;
}

/** A search result: the card, and its title and excerpt with the matched words marked. */
export interface SearchHit extends StoryCard {
  rank: number;
  /** The title with each match between \u0002 and \u0003 (search-highlights.ts splits it). */
  markedTitle: string;
  markedSnippet: string;
}

/** The outcome of a write that names a category. */
export type CategoryWrite = CategoryRecord | "name_taken" | "not_found";

/** The delimiters ts_headline puts around matches; removed from the text first, so never forged. */
const START = "\u0002";
const STOP = "\u0003";
const withoutMarkers = (text: SQL) => sql`translate(${text}, chr(2) || chr(3), '')`;
const headlineOptions = (extra: string) =>
  sql.raw(`'StartSel=' || chr(2) || ', StopSel=' || chr(3) || '${extra}'`);

const withStoryCount = (category: CategoryRecord): CategoryWithCount => ({
  ...category,
  storyCount: category.listedStoryCount,
});

export class DiscoveryQueries {
  private readonly statements = new PreparedStatements();

  constructor(private readonly db: Database) {}

  /** Every category by name, with its listed stories (counted by a trigger, migration 0010). */
  async listCategories(): Promise<CategoryWithCount[]> {
    const rows = await this.db
      .select()
      .from(categories)
      .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
    return rows.map(withStoryCount);
  }

  async findCategory(id: string): Promise<CategoryWithCount | null> {
    const [row] = await this.db.select().from(categories).where(eq(categories.id, id));
    return row ? withStoryCount(row) : null;
  }

  async createCategory(category: {
    name: string;
    slug: string;
    description: string | null;
  }): Promise<CategoryWrite> {
    try {
      const [row] = await this.db
        .insert(categories)
        .values({ id: nanoid(12), ...category })
        .returning();
      return row ?? "not_found";
    } catch (error) {
      if (isUniqueViolation(error)) return "name_taken";
      throw error;
    }
  }

  /** Renames keep every story's category_name in step, in the same transaction. */
  async updateCategory(
    id: string,
    changes: { name?: string; slug?: string; description?: string | null },
  ): Promise<CategoryWrite> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(categories)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(categories.id, id))
          .returning();
        if (!row) return "not_found";
        if (changes.name !== undefined) {
          await tx
            .update(stories)
            .set({ categoryName: row.name })
            .where(eq(stories.categoryId, id));
        }
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return "name_taken";
      throw error;
    }
  }

  /**
   * Deletes a category. Its stories (any status) move to `moveTo` first when given; without it a
   * category that still has stories stays ("in_use"). "not_found" names either category.
   */
  async deleteCategory(
    id: string,
    moveTo: string | null,
  ): Promise<"deleted" | "in_use" | "not_found" | "move_to_not_found"> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, id))
        .for("update");
      if (!current) return "not_found";
      if (moveTo !== null) {
        const [target] = await tx.select().from(categories).where(eq(categories.id, moveTo));
        if (!target) return "move_to_not_found";
        await tx
          .update(stories)
          .set({ categoryId: target.id, categoryName: target.name })
          .where(eq(stories.categoryId, id));
      } else {
        const [used] = await tx
          .select({ id: stories.id })
          .from(stories)
          .where(eq(stories.categoryId, id))
          .limit(1);
        if (used) return "in_use";
      }
      await tx.delete(categories).where(eq(categories.id, id));
      return "deleted";
    });
  }

  /** Sets (or clears, with null) a story's category and its name; false when no such category. */
  async setStoryCategory(storyId: string, categoryId: string | null): Promise<boolean> {
    if (categoryId === null) {
      await this.db
        .update(stories)
        .set({ categoryId: null, categoryName: null, updatedAt: new Date() })
        .where(eq(stories.id, storyId));
      return true;
    }
    const updated = await this.db
      .update(stories)
      .set({
        categoryId,
        categoryName: sql`(select ${categories.name} from ${categories} where ${categories.id} = ${categoryId})`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(stories.id, storyId),
          sql`exists (select 1 from ${categories} where ${categories.id} = ${categoryId})`,
        ),
      )
      .returning({ id: stories.id });
    return updated.length > 0;
  }

  /** The category's name, or null when there is no such category. */
  async categoryName(id: string): Promise<string | null> {
    const [row] = await this.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.id, id));
    return row?.name ?? null;
  }

  /**
   * The tags of listed stories with how many stories carry each, most used first, then by name;
   * at most `limit`. One tag ignoring case: its id is the lower-cased name, its name the most used
   * spelling (the first by name among equals, as mode() picked). Counted by a trigger (migration
   * 0010), so this reads a few hundred rows, not every story.
   */
  async listTags(limit: number): Promise<TagCount[]> {
    const statement = this.statements.of("tags", () => {
      const spelling = sql<string>`(select ${qualified(tagSpellings.spelling)} from ${tagSpellings} where ${qualified(tagSpellings.tagId)} = ${qualified(tagCounts.id)} and ${qualified(tagSpellings.uses)} > 0 order by ${qualified(tagSpellings.uses)} desc, ${qualified(tagSpellings.spelling)} limit 1)`;
      return this.db
        .select({ id: tagCounts.id, name: spelling, storyCount: tagCounts.storyCount })
        .from(tagCounts)
        .where(sql`${tagCounts.storyCount} > 0`)
        .orderBy(desc(tagCounts.storyCount), asc(tagCounts.id))
        .limit(sql.placeholder("limit"));
    });
    const rows = await statement.execute({ limit });
    return rows.map((row) => ({ ...row, storyCount: Number(row.storyCount) }));
  }

  /** Removes the tag (any spelling) from every story; resolves to how many stories had it. */
  async removeTag(id: string): Promise<number> {
    const has = sql`exists (select 1 from unnest(${stories.tags}) as t where lower(t) = ${id})`;
    const updated = await this.db
      .update(stories)
      .set({ tags: sql`array(select t from unnest(${stories.tags}) as t where lower(t) <> ${id})` })
      .where(has)
      .returning({ id: stories.id });
    return updated.length;
  }

  /**
   * Full-text search over listed stories published by `asOf` (docs/decisions/024): the title,
   * tags, description and preview and the author's username (the stored search_vector, its GIN
   * index finds the matches: docs/decisions/041), ranked by ts_rank_cd, ties newest first. The
   * ranking reads only what it ranks by, from the narrow `story_search` table of the listed
   * stories' ids, dates and vectors (decision 080), joining `stories` only for a filter; the card's
   * columns, its counts and cover, and the highlighted title and excerpt are read for the page's
   * rows only (decision 076).
   */
  async search(query: SearchQuery, viewerId: string | null): Promise<SearchHit[]> {
    const statement = this.statements.of(`search:${filtersShape(query.filters)}`, () => {
      const words = sql`websearch_to_tsquery('english', ${sql.placeholder("words")})`;
      // search_document and the author's username, stored (migration 0011) and kept for the
      // listed stories in a narrow table with its own index (migration 0034).
      const document = sql.raw('"story_search"."search_vector"');
      const searched = sql.raw('"story_search"');
      const searchedId = sql.raw('"story_search"."story_id"');
      const searchedAt = sql.raw('"story_search"."published_at"');
      const excerpt = sql`concat_ws(' ', ${qualified(stories.description)}, ${qualified(stories.preview)})`;
      const filters = filtersSql(query.filters);
      // A filter tests the story's own columns (and its author's name); without one, no story row
      // is read until the page's.
      const filtered =
        filters === undefined
          ? sql``
          : sql`join ${stories} on ${qualified(stories.id)} = ${searchedId} left join ${users} on ${qualified(users.id)} = ${qualified(stories.authorId)}`;
      const ranked = sql`(select ${searchedId} as ranked_id, ts_rank_cd(${document}, ${words}) as ranked_rank, ${searchedAt} as ranked_published_at
        from ${searched} ${filtered}
        where ${searchedAt} <= ${instant(sql.placeholder("asOf"))} and ${document} @@ ${words} and ${filters ?? sql`true`}
        order by ranked_rank desc, ranked_published_at desc, ${searchedId} collate "C" desc
        offset ${sql.placeholder("skip")} limit ${sql.placeholder("limit")}) as ranked`;
      return (
        this.db
          .select({
            ...cardColumns,
            authorUsername: users.username,
            rank: sql<number>`ranked_rank`,
            markedTitle: sql<string>`ts_headline('english', ${withoutMarkers(qualified(stories.title))}, ${words}, ${headlineOptions(", HighlightAll=true")})`,
            markedSnippet: sql<string>`ts_headline('english', ${withoutMarkers(excerpt)}, ${words}, ${headlineOptions(", MaxWords=35, MinWords=15")})`,
          })
          .from(ranked)
          // Listed as every list checks it: the table is kept by triggers, the page by this.
          .innerJoin(stories, sql`${qualified(stories.id)} = ranked_id and ${isListed}`)
          .leftJoin(users, eq(users.id, stories.authorId))
          .orderBy(...rankedOrder("ranked_rank"))
      );
    });
    const rows = await statement.execute({
      ...filterValues(query.filters),
      words: query.text,
      asOf: query.asOf,
      skip: query.skip,
      limit: query.limit,
      viewer: viewerId,
    });
    return rows.map(({ authorUsername, rank, markedTitle, markedSnippet, ...row }) => ({
      ...toStoryCard(row, authorUsername),
      rank: Number(rank),
      markedTitle,
      markedSnippet,
    }));
  }
}

export const HIGHLIGHT_START = START;
export const HIGHLIGHT_STOP = STOP;
