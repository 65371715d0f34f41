import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { nanoid } from "nanoid";
import type { KeysetPosition } from "../platform/lib/cursor.js";
import { newestListedCards } from "../community/listed-story-queries.js";
import { isListed, PreparedStatements, type StoryCard } from "../community/story-card-queries.js";
import type { Database } from "../platform/db/database.js";
import { sqlBoolean } from "../platform/db/driver-values.js";
import { stories, subscriptions, users, type SubscriptionRecord } from "../platform/db/schema.js";

// Author profiles and subscriptions (docs/decisions/025-people-profiles-subscriptions-and-account-deletion.md).
// Which index serves which list: migrations/0006_people.sql.

/** What anyone may see of a person on /profile/{username}, with the counts and the viewer's subscription. */
export interface AuthorProfile {
  id: string;
  username: string;
  displayName: string | null;
  avatarUrl: string | null;
  bio: string | null;
  createdAt: Date;
  /** Listed stories only (completed, public, approved). */
  storyCount: number;
  subscriberCount: number;
  /** The viewer's subscription to this author; null for a visitor or one who does not follow. */
  viewerSubscriptionId: string | null;
  /** The profile is the viewer's own (no Subscribe button there). */
  isViewer: boolean;
}

/** A subscription with the author's profile, as GET /subscriptions/my lists it. */
export interface SubscriptionWithAuthor extends SubscriptionRecord {
  author: AuthorProfile;
}

/** A subscriber as GET /subscriptions/users/{id}/subscribers lists them. */
export interface Subscriber {
  subscriptionId: string;
  createdAt: Date;
  id: string;
  username: string;
  displayName: string | null;
  avatarUrl: string | null;
}

type Page<T> = Array<{ item: T; position: KeysetPosition }>;

function profileColumns(viewerId: string | null) {
  return {
    id: users.id,
    username: users.username,
    displayName: users.displayName,
    avatarUrl: users.avatarUrl,
    bio: users.bio,
    createdAt: users.createdAt,
    storyCount: sql<number>`(select count(*) from ${stories} where "stories"."author_id" = "users"."id" and ${isListed})::int`,
    subscriberCount: sql<number>`(select count(*) from ${subscriptions} where "subscriptions"."author_id" = "users"."id")::int`,
    isViewer: sql<boolean>`coalesce("users"."id" = ${viewerId}, false)`,
    viewerSubscriptionId: sql<
      string | null
    >`(select "subscriptions"."id" from ${subscriptions} where "subscriptions"."author_id" = "users"."id" and "subscriptions"."subscriber_id" = ${viewerId})`,
  };
}

function toAuthorProfile(row: AuthorProfile): AuthorProfile {
  return {
    ...row,
    createdAt: new Date(row.createdAt),
    storyCount: Number(row.storyCount),
    subscriberCount: Number(row.subscriberCount),
    isViewer: sqlBoolean(row.isViewer),
  };
}

const before = (at: SQL | unknown, id: unknown, position: KeysetPosition | null) =>
  position ? sql`(${at}, ${id}) < (${position.at}::timestamptz, ${position.id})` : undefined;

export class PeopleQueries {
  private readonly statements = new PreparedStatements();

  constructor(private readonly db: Database) {}

  /** The profile of the person with this username (ignoring case), or null. */
  async profileByUsername(
    username: string,
    viewerId: string | null,
  ): Promise<AuthorProfile | null> {
    const [row] = await this.db
      .select(profileColumns(viewerId))
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return row ? toAuthorProfile(row) : null;
  }

  async profileById(id: string, viewerId: string | null): Promise<AuthorProfile | null> {
    const [row] = await this.db
      .select(profileColumns(viewerId))
      .from(users)
      .where(eq(users.id, id));
    return row ? toAuthorProfile(row) : null;
  }

  /** Subscribes; subscribing twice answers the first subscription. */
  async subscribe(subscriberId: string, authorId: string): Promise<SubscriptionRecord> {
    await this.db
      .insert(subscriptions)
      .values({ id: nanoid(), subscriberId, authorId })
      .onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.authorId, authorId)),
      );
    if (!row) throw new Error("the subscription vanished right after it was written");
    return row;
  }

  async findSubscription(id: string): Promise<SubscriptionRecord | null> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row ?? null;
  }

  /** Deletes the subscription if `subscriberId` holds it; false otherwise. */
  async unsubscribe(id: string, subscriberId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.subscriberId, subscriberId)))
      .returning({ id: subscriptions.id });
    return deleted.length > 0;
  }

  /** The authors `subscriberId` follows, most recently followed first. */
  async listSubscriptions(
    subscriberId: string,
    size: number,
    after: KeysetPosition | null,
  ): Promise<Page<SubscriptionWithAuthor>> {
    const rows = await this.db
      .select({
        subscription: subscriptions,
        author: profileColumns(subscriberId),
        exactCreatedAt: sql<string>`${subscriptions.createdAt}::text`,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.authorId))
      .where(
        and(
          eq(subscriptions.subscriberId, subscriberId),
          before(subscriptions.createdAt, subscriptions.id, after),
        ),
      )
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(size);
    return rows.map(({ subscription, author, exactCreatedAt }) => ({
      item: { ...subscription, author: toAuthorProfile(author) },
      position: { at: exactCreatedAt, id: subscription.id },
    }));
  }

  /** The people who follow `authorId`, most recent first. */
  async listSubscribers(
    authorId: string,
    size: number,
    after: KeysetPosition | null,
  ): Promise<Page<Subscriber>> {
    const rows = await this.db
      .select({
        subscriptionId: subscriptions.id,
        createdAt: subscriptions.createdAt,
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        avatarUrl: users.avatarUrl,
        exactCreatedAt: sql<string>`${subscriptions.createdAt}::text`,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.subscriberId))
      .where(
        and(
          eq(subscriptions.authorId, authorId),
          before(subscriptions.createdAt, subscriptions.id, after),
        ),
      )
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(size);
    return rows.map(({ exactCreatedAt, ...item }) => ({
      item,
      position: { at: exactCreatedAt, id: item.subscriptionId },
    }));
  }

  /**
   * Cards of the author's listed stories, newest published first (stories_author_listed_idx).
   * One prepared statement of card columns (docs/decisions/036).
   */
  async listAuthorStories(
    authorId: string,
    size: number,
    after: KeysetPosition | null,
    viewerId: string | null,
  ): Promise<Array<{ story: StoryCard; position: KeysetPosition }>> {
    return this.listCards("author", eq(stories.authorId, sql.placeholder("author")), {
      author: authorId,
      size,
      after,
      viewerId,
    });
  }

  /** Cards of the listed stories of every author `subscriberId` follows, newest published first. */
  async listFeed(
    subscriberId: string,
    size: number,
    after: KeysetPosition | null,
  ): Promise<Array<{ story: StoryCard; position: KeysetPosition }>> {
    const followed = sql`${stories.authorId} in (select "subscriptions"."author_id" from ${subscriptions} where "subscriptions"."subscriber_id" = ${sql.placeholder("author")})`;
    return this.listCards("feed", followed, {
      author: subscriberId,
      size,
      after,
      viewerId: subscriberId,
    });
  }

  private listCards(
    list: string,
    condition: SQL,
    params: { author: string; size: number; after: KeysetPosition | null; viewerId: string | null },
  ): Promise<Array<{ story: StoryCard; position: KeysetPosition }>> {
    return newestListedCards(this.db, this.statements, {
      shape: list,
      condition,
      values: { author: params.author },
      size: params.size,
      after: params.after,
      viewerId: params.viewerId,
    });
  }
}
