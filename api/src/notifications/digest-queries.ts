import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../platform/db/database.js";
import type { ModerationOutcome, NotificationKind } from "@storyloom/common";

// The e-mail digests' SQL (migrations/0026_email_digests.sql, docs/decisions/057). A reader is due
// a digest when they turned e-mail on for some kind, have an unread notification of such a kind
// that changed since their last digest, and that digest is at least an interval old.

/** A digest as claimed, with where it goes. */
export interface ClaimedDigest {
  id: string;
  userId: string;
  email: string | null;
  periodStart: string;
  periodEnd: string;
  attempts: number;
}

/** One unread notification of a digest, with what it may show of its story. */
export interface DigestRow {
  kind: NotificationKind;
  count: number;
  outcome: ModerationOutcome | null;
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

const emailOn = (user: SQL, kind: SQL) =>
  sql`exists (select 1 from notification_preferences p where p.user_id = ${user}
    and p.kind = ${kind} and p.channel = 'email' and p.enabled)`;

export class DigestQueries {
  constructor(private readonly db: Database) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    // Both drivers answer { rows }; Drizzle's shared type does not say so.
    const result = (await this.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }

  /**
   * Makes a digest for every reader due one (one statement; the partial unique index keeps it to
   * one waiting digest per reader whoever else schedules at the same time). Answers how many.
   */
  async schedule(intervalMs: number): Promise<number> {
    const rows = await this.rows<{ id: string }>(sql`with readers as (
        select distinct p.user_id from notification_preferences p
        where p.channel = 'email' and p.enabled
      ), last as (
        select r.user_id, (select max(d.period_end) from email_digests d
          where d.user_id = r.user_id and d.state in ('sent', 'empty')) as period_end
        from readers r
      )
      insert into email_digests (id, user_id, period_start, period_end)
      select gen_random_uuid()::text, l.user_id, coalesce(l.period_end, '-infinity'), now()
      from last l join users u on u.id = l.user_id
      where u.email is not null
        and (l.period_end is null or l.period_end <= now() - make_interval(secs => ${intervalMs / 1000}))
        and exists (select 1 from notifications n
          where n.user_id = l.user_id and n.read_at is null
            and n.updated_at > coalesce(l.period_end, '-infinity')
            and ${emailOn(sql`n.user_id`, sql`n.kind`)})
      on conflict (user_id) where state = 'pending' do nothing
      returning id`);
    return rows.length;
  }

  /** Takes the oldest due digest whose lease is free or expired. */
  async claim(owner: string, leaseSeconds: number): Promise<ClaimedDigest | null> {
    const rows = await this.rows<ClaimedDigest>(sql`with claimed as (
        update email_digests
        set lease_owner = ${owner}, attempts = attempts + 1,
          lease_expires_at = now() + make_interval(secs => ${leaseSeconds})
        where id = (
          select id from email_digests
          where state = 'pending' and run_after <= now()
            and (lease_expires_at is null or lease_expires_at < now())
          order by run_after, id limit 1 for update skip locked
        )
        returning id, user_id, period_start, period_end, attempts
      )
      select c.id, c.user_id as "userId", u.email, c.period_start::text as "periodStart",
        c.period_end::text as "periodEnd", c.attempts
      from claimed c join users u on u.id = c.user_id`);
    return rows[0] ?? null;
  }

  /**
   * The digest's lines as they stand now: unread, of a kind still on for e-mail, changed in its
   * period; newest first, at most `limit`.
   */
  async items(digest: ClaimedDigest, limit: number): Promise<DigestRow[]> {
    return this.rows<DigestRow>(sql`select n.kind, n.count, n.outcome,
        s.public_id as "storyPublicId", s.title as "storyTitle", s.author_id as "storyAuthorId",
        s.status as "storyStatus", s.is_public as "storyIsPublic",
        s.moderation_status as "storyModerationStatus", s.published_at::text as "storyPublishedAt",
        u.username as "actorUsername", u.display_name as "actorDisplayName"
      from notifications n
      join stories s on s.id = n.story_id
      left join users u on u.id = n.actor_id
      where n.user_id = ${digest.userId} and n.read_at is null
        and n.updated_at > ${digest.periodStart}::timestamptz
        and n.updated_at <= ${digest.periodEnd}::timestamptz
        and ${emailOn(sql`n.user_id`, sql`n.kind`)}
      order by n.updated_at desc, n.id desc
      limit ${limit}`);
  }

  /** How many lines the digest has beyond the ones it shows. */
  async itemCount(digest: ClaimedDigest): Promise<number> {
    const rows = await this.rows<{ count: number | string }>(sql`select count(*)::int as count
      from notifications n
      where n.user_id = ${digest.userId} and n.read_at is null
        and n.updated_at > ${digest.periodStart}::timestamptz
        and n.updated_at <= ${digest.periodEnd}::timestamptz
        and ${emailOn(sql`n.user_id`, sql`n.kind`)}`);
    return Number(rows[0]?.count ?? 0);
  }

  /**
   * The relay accepted it: recorded whoever holds the lease now, since it was sent (a worker
   * whose lease ran out still tells the truth).
   */
  async markSent(id: string): Promise<void> {
    await this.db.execute(sql`update email_digests
      set state = 'sent', sent_at = now(), lease_owner = null, lease_expires_at = null
      where id = ${id} and state = 'pending'`);
  }

  /** Nothing was left to tell when its turn came. */
  async markEmpty(id: string, owner: string): Promise<void> {
    await this.db.execute(sql`update email_digests
      set state = 'empty', lease_owner = null, lease_expires_at = null
      where id = ${id} and lease_owner = ${owner} and state = 'pending'`);
  }

  /** Gives it back to be tried after `delayMs`, or gives it up (its error kept). */
  async fail(id: string, owner: string, error: string, delayMs: number | null): Promise<void> {
    await this.db.execute(sql`update email_digests
      set lease_owner = null, lease_expires_at = null, last_error = ${error},
        run_after = now() + make_interval(secs => ${(delayMs ?? 0) / 1000}),
        state = case when ${delayMs === null} then 'given_up' else 'pending' end
      where id = ${id} and lease_owner = ${owner} and state = 'pending'`);
  }
}
