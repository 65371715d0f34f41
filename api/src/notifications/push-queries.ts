import { sql, type SQL } from "drizzle-orm";
import { nanoid } from "nanoid";
import type { Database } from "../platform/db/database.js";
import type { ModerationOutcome, NotificationKind } from "@storyloom/common";

/** A browser's subscription (push-rules.ts checks it first). */
interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

// Web push's SQL (migrations/0028_web_push.sql): the readers' browsers and the deliveries the
// notifications_push trigger queues for new inbox items.

/** A claimed delivery with all a push needs: its item as it is now, and the browser's keys. */
export interface PushDeliveryRow {
  id: string;
  attempts: number;
  userId: string;
  notificationId: string;
  kind: NotificationKind;
  count: number;
  outcome: ModerationOutcome | null;
  read: boolean;
  /** Whether the reader still wants this kind pushed. */
  wanted: boolean;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
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

export class PushQueries {
  constructor(private readonly db: Database) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    // Both drivers answer { rows }; Drizzle's shared type does not say so.
    const result = (await this.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }

  /** Registers a browser for the user; an endpoint registered before (by anyone) becomes theirs. */
  async save(userId: string, subscription: BrowserSubscription): Promise<{ id: string }> {
    const rows = await this.rows<{ id: string }>(sql`insert into push_subscriptions
        (id, user_id, endpoint, p256dh, auth)
      values (${nanoid()}, ${userId}, ${subscription.endpoint}, ${subscription.keys.p256dh},
        ${subscription.keys.auth})
      on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh,
        auth = excluded.auth, created_at = now()
      returning id`);
    return rows[0]!;
  }

  /** Removes one of the user's own browsers; false when they have none of that id. */
  async remove(userId: string, id: string): Promise<boolean> {
    const rows = await this.rows<{ id: string }>(
      sql`delete from push_subscriptions where id = ${id} and user_id = ${userId} returning id`,
    );
    return rows.length > 0;
  }

  /** A browser whose push service said it is gone (404/410): forgotten with its deliveries. */
  async drop(subscriptionId: string): Promise<void> {
    await this.db.execute(sql`delete from push_subscriptions where id = ${subscriptionId}`);
  }

  /** Takes the oldest due delivery whose lease is free or expired. */
  async claim(owner: string, leaseSeconds: number): Promise<PushDeliveryRow | null> {
    const rows = await this.rows<PushDeliveryRow>(sql`with claimed as (
        update push_deliveries
        set lease_owner = ${owner}, lease_expires_at = now() + make_interval(secs => ${leaseSeconds}),
          attempts = attempts + 1
        where id = (
          select id from push_deliveries
          where done_at is null and run_after <= now()
            and (lease_expires_at is null or lease_expires_at < now())
          order by run_after, id limit 1 for update skip locked
        )
        returning id, attempts, notification_id, subscription_id, user_id
      )
      select c.id, c.attempts, c.user_id as "userId", n.id as "notificationId", n.kind, n.count,
        n.outcome, n.read_at is not null as read,
        exists (select 1 from notification_preferences p where p.user_id = n.user_id
          and p.kind = n.kind and p.channel = 'push' and p.enabled) as wanted,
        ps.id as "subscriptionId", ps.endpoint, ps.p256dh, ps.auth,
        s.public_id as "storyPublicId", s.title as "storyTitle", s.author_id as "storyAuthorId",
        s.status as "storyStatus", s.is_public as "storyIsPublic",
        s.moderation_status as "storyModerationStatus", s.published_at::text as "storyPublishedAt",
        u.username as "actorUsername", u.display_name as "actorDisplayName"
      from claimed c
      join notifications n on n.id = c.notification_id
      join push_subscriptions ps on ps.id = c.subscription_id
      join stories s on s.id = n.story_id
      left join users u on u.id = n.actor_id`);
    return rows[0] ?? null;
  }

  /** When the other items pushed to the user in the last `windowMs` went out. */
  async sentInWindow(userId: string, notificationId: string, windowMs: number): Promise<Date[]> {
    const rows = await this.rows<{ at: string }>(sql`select max(sent_at)::text as at
      from push_deliveries
      where user_id = ${userId} and sent_at > now() - make_interval(secs => ${windowMs / 1000})
        and notification_id <> ${notificationId}
      group by notification_id`);
    return rows.map((row) => new Date(row.at));
  }

  /** Done: sent (`sent`), or not worth sending any more (read, turned off). */
  async finish(id: string, owner: string, sent: boolean): Promise<void> {
    await this.db.execute(sql`update push_deliveries
      set done_at = now(), sent_at = case when ${sent} then now() else null end,
        lease_owner = null, lease_expires_at = null
      where id = ${id} and lease_owner = ${owner}`);
  }

  /** Waits for the reader's rate limit: not a try, so the attempt is given back. */
  async postpone(id: string, owner: string, at: Date): Promise<void> {
    await this.db.execute(sql`update push_deliveries
      set run_after = ${at.toISOString()}::timestamptz, attempts = attempts - 1,
        lease_owner = null, lease_expires_at = null
      where id = ${id} and lease_owner = ${owner}`);
  }

  /** Gives the delivery back to be tried after `delayMs`, or gives it up (its error kept). */
  async fail(id: string, owner: string, error: string, delayMs: number | null): Promise<void> {
    await this.db.execute(sql`update push_deliveries
      set lease_owner = null, lease_expires_at = null, last_error = ${error},
        run_after = now() + make_interval(secs => ${(delayMs ?? 0) / 1000}),
        done_at = case when ${delayMs === null} then now() else null end
      where id = ${id} and lease_owner = ${owner}`);
  }
}
