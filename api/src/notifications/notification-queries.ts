import { sql, type SQL } from "drizzle-orm";
import { nanoid } from "nanoid";
import type { Database } from "../platform/db/database.js";
import type { KeysetPosition } from "../platform/lib/cursor.js";
import type {
  ModerationOutcome,
  NotificationChannel,
  NotificationKind,
  NotificationPreference,
} from "@storyloom/common";

// The notifications' SQL (migrations/0025_notifications.sql). Which index serves what: the
// inbox by notifications_inbox, the count by notifications_unread, the collapse by
// notifications_unread_collapse.

/** One inbox row with the little it shows of its story and of who acted. */
export interface InboxRow {
  id: string;
  kind: NotificationKind;
  count: number;
  outcome: ModerationOutcome | null;
  readAt: string | null;
  createdAt: string;
  updatedAt: string;
  storyPublicId: string;
  storyTitle: string;
  storyAuthorId: string | null;
  storyStatus: string;
  storyIsPublic: boolean;
  storyModerationStatus: string;
  storyPublishedAt: string | null;
  actorUsername: string | null;
  actorDisplayName: string | null;
}

/** What a recorded event names. */
export interface NotificationEvent {
  userId: string;
  kind: NotificationKind;
  storyId: string;
  actorId: string | null;
  outcome?: ModerationOutcome | null;
}

/** A background job as claimed. */
export interface NotificationJob {
  id: string;
  kind: "fan_out";
  payload: FanOutPayload;
  after: string | null;
  attempts: number;
}

/** News of an author's story for their followers. */
export interface FanOutPayload {
  kind: Extract<NotificationKind, "new_story" | "new_chapter">;
  storyId: string;
  authorId: string;
}

const inboxOff = (user: SQL, kind: SQL) =>
  sql`exists (select 1 from notification_preferences p where p.user_id = ${user} and p.kind = ${kind} and p.channel = 'inbox' and not p.enabled)`;

/** Unread items of the same kind on the same story are one, its count raised. */
const COLLAPSE = sql`on conflict (user_id, kind, story_id) where read_at is null do update set
  count = notifications.count + 1, actor_id = excluded.actor_id, outcome = excluded.outcome,
  updated_at = clock_timestamp()`;

export class NotificationQueries {
  constructor(private readonly db: Database) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    // Both drivers answer { rows }; Drizzle's shared type does not say so.
    const result = (await this.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }

  /** Records one event in its recipient's inbox unless they turned the kind off there. */
  async record(event: NotificationEvent): Promise<void> {
    const kind = sql`${event.kind}`;
    await this.db
      .execute(sql`insert into notifications (id, user_id, kind, story_id, actor_id, outcome)
      select ${nanoid()}, ${event.userId}, ${event.kind}, ${event.storyId}, ${event.actorId}, ${event.outcome ?? null}
      where not ${inboxOff(sql`${event.userId}`, kind)}
      ${COLLAPSE}`);
  }

  /**
   * Notifies the next `size` followers of the author after `after` (by subscriber id) and answers
   * the last one handled, null when none were left.
   */
  async fanOutBatch(
    job: FanOutPayload,
    after: string | null,
    size: number,
  ): Promise<string | null> {
    const rows = await this.rows<{ last: string | null }>(sql`with batch as (
        select subscriber_id from subscriptions
        where author_id = ${job.authorId} and (${after}::text is null or subscriber_id > ${after}::text)
        order by subscriber_id limit ${size}
      ), recorded as (
        insert into notifications (id, user_id, kind, story_id, actor_id)
        select gen_random_uuid()::text, b.subscriber_id, ${job.kind}, ${job.storyId}, ${job.authorId}
        from batch b
        where not ${inboxOff(sql`b.subscriber_id`, sql`${job.kind}`)}
        ${COLLAPSE}
        returning 1
      )
      select max(subscriber_id) as last from batch`);
    return rows[0]?.last ?? null;
  }

  /**
   * Tells each author of these notes on the story (once each, never its owner) that a revision
   * their note shaped was kept; the owner is who acted. Answers how many were told.
   */
  async recordNotesShaped(storyId: string, commentIds: readonly string[]): Promise<number> {
    if (commentIds.length === 0) return 0;
    const ids = sql.join(
      commentIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = await this.rows<{ id: string }>(sql`insert into notifications
        (id, user_id, kind, story_id, actor_id)
      select gen_random_uuid()::text, authors.author_id, 'note_shaped', s.id, s.author_id
      from (select distinct c.author_id from comments c
        where c.story_id = ${storyId} and c.id in (${ids}) and c.author_id is not null) authors
      join stories s on s.id = ${storyId}
      where authors.author_id is distinct from s.author_id
        and not ${inboxOff(sql`authors.author_id`, sql`'note_shaped'`)}
      ${COLLAPSE}
      returning id`);
    return rows.length;
  }

  /** The inbox, most recently changed first, keyset-paged by (updated_at, id). */
  async list(userId: string, limit: number, after: KeysetPosition | null): Promise<InboxRow[]> {
    const position = after
      ? sql`and (n.updated_at, n.id) < (${after.at}::timestamptz, ${after.id})`
      : sql``;
    return this.rows<InboxRow>(sql`select n.id, n.kind, n.count, n.outcome,
        n.read_at::text as "readAt", n.created_at::text as "createdAt", n.updated_at::text as "updatedAt",
        s.public_id as "storyPublicId", s.title as "storyTitle", s.author_id as "storyAuthorId",
        s.status as "storyStatus", s.is_public as "storyIsPublic",
        s.moderation_status as "storyModerationStatus", s.published_at::text as "storyPublishedAt",
        u.username as "actorUsername", u.display_name as "actorDisplayName"
      from notifications n
      join stories s on s.id = n.story_id
      left join users u on u.id = n.actor_id
      where n.user_id = ${userId} ${position}
      order by n.updated_at desc, n.id desc
      limit ${limit}`);
  }

  async unreadCount(userId: string): Promise<number> {
    const rows = await this.rows<{ count: number | string }>(
      sql`select count(*)::int as count from notifications where user_id = ${userId} and read_at is null`,
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** Marks one of the user's own notifications read; false when they have none of that id. */
  async markRead(userId: string, id: string): Promise<boolean> {
    const rows = await this.rows<{ id: string }>(sql`update notifications
      set read_at = coalesce(read_at, now())
      where user_id = ${userId} and id = ${id} returning id`);
    return rows.length > 0;
  }

  async markAllRead(userId: string): Promise<void> {
    await this.db.execute(
      sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null`,
    );
  }

  async preferences(userId: string): Promise<NotificationPreference[]> {
    return this.rows<NotificationPreference>(
      sql`select kind, channel, enabled from notification_preferences where user_id = ${userId}`,
    );
  }

  async setPreference(userId: string, preference: NotificationPreference): Promise<void> {
    await this.db.execute(sql`insert into notification_preferences (user_id, kind, channel, enabled)
      values (${userId}, ${preference.kind}, ${preference.channel}, ${preference.enabled})
      on conflict (user_id, kind, channel) do update set enabled = excluded.enabled`);
  }

  /** Whether the user wants this kind on this channel, by their choice or the default. */
  async wants(userId: string, kind: NotificationKind, channel: NotificationChannel) {
    const rows = await this.rows<{
      enabled: boolean;
    }>(sql`select enabled from notification_preferences
      where user_id = ${userId} and kind = ${kind} and channel = ${channel}`);
    return rows[0]?.enabled;
  }

  /** Queues a job; the same `dedupeKey` twice is one job. */
  async enqueue(dedupeKey: string, payload: FanOutPayload): Promise<void> {
    await this.db.execute(sql`insert into notification_jobs (id, kind, dedupe_key, payload)
      values (${nanoid()}, 'fan_out', ${dedupeKey}, ${JSON.stringify(payload)}::jsonb)
      on conflict (dedupe_key) do nothing`);
  }

  /** Takes the oldest due job whose lease is free or expired. */
  async claim(owner: string, leaseSeconds: number): Promise<NotificationJob | null> {
    const rows = await this.rows<NotificationJob>(sql`update notification_jobs
      set lease_owner = ${owner}, lease_expires_at = now() + make_interval(secs => ${leaseSeconds}),
        attempts = attempts + 1
      where id = (
        select id from notification_jobs
        where done_at is null and run_after <= now()
          and (lease_expires_at is null or lease_expires_at < now())
        order by run_after, id limit 1 for update skip locked
      )
      returning id, kind, payload, after, attempts`);
    return rows[0] ?? null;
  }

  /** Keeps a fan-out's progress: the followers up to `after` have been notified. */
  async advance(jobId: string, owner: string, after: string): Promise<boolean> {
    const rows = await this.rows<{ id: string }>(sql`update notification_jobs
      set after = ${after} where id = ${jobId} and lease_owner = ${owner} returning id`);
    return rows.length > 0;
  }

  async finish(jobId: string, owner: string): Promise<void> {
    await this.db.execute(sql`update notification_jobs
      set done_at = now(), lease_owner = null, lease_expires_at = null
      where id = ${jobId} and lease_owner = ${owner}`);
  }

  /** Gives the job back to be tried after `delayMs`, or gives it up (done, its error kept). */
  async fail(jobId: string, owner: string, error: string, delayMs: number | null): Promise<void> {
    await this.db.execute(sql`update notification_jobs
      set lease_owner = null, lease_expires_at = null, last_error = ${error},
        run_after = now() + make_interval(secs => ${(delayMs ?? 0) / 1000}),
        done_at = case when ${delayMs === null} then now() else null end
      where id = ${jobId} and lease_owner = ${owner}`);
  }

  /** Jobs not done yet (tests and the worker's idle check). */
  async pendingJobs(): Promise<number> {
    const rows = await this.rows<{ count: number | string }>(
      sql`select count(*)::int as count from notification_jobs where done_at is null`,
    );
    return Number(rows[0]?.count ?? 0);
  }
}
