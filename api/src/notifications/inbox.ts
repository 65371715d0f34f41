import type { Database } from "../platform/db/database.js";
import type { UserRecord } from "../platform/db/schema.js";
import { invalid, notFound } from "../platform/lib/errors.js";
import {
  ALL_KINDS_LINK,
  BAD_UNSUBSCRIBE_TOKEN,
  type UnsubscribeLinks,
  type UnsubscribeTarget,
} from "./unsubscribe-rules.js";
import { readKeysetPage, type KeysetPage, type PageRequest } from "../platform/lib/keyset-page.js";
import { NotificationQueries, type InboxRow } from "./notification-queries.js";
import {
  effectivePreferences,
  mayShowStory,
  NOTIFICATION_KINDS,
  NOTIFICATION_NOT_FOUND,
  validPreferences,
  type ModerationOutcome,
  type NotificationKind,
  type NotificationPreference,
} from "./notification-rules.js";

// A reader's own inbox (docs/product.md#notifications): only ever the caller's; an id of someone
// else's notification does not exist for them.

/** One inbox item as its reader sees it: who, which story (while they may see it), how many. */
export interface InboxItem {
  id: string;
  kind: NotificationKind;
  count: number;
  outcome: ModerationOutcome | null;
  read: boolean;
  createdAt: string;
  updatedAt: string;
  /** The story's public id and title; null once the reader may no longer see it. */
  story: { publicId: string; title: string } | null;
  actor: { username: string; displayName: string | null } | null;
}

function toItem(row: InboxRow, recipientId: string): InboxItem {
  const shown = mayShowStory(
    {
      authorId: row.storyAuthorId,
      status: row.storyStatus,
      isPublic: row.storyIsPublic,
      moderationStatus: row.storyModerationStatus,
      publishedAt: row.storyPublishedAt,
    },
    recipientId,
  );
  return {
    id: row.id,
    kind: row.kind,
    count: Number(row.count),
    outcome: row.outcome,
    read: row.readAt !== null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    story: shown ? { publicId: row.storyPublicId, title: row.storyTitle } : null,
    actor:
      row.actorUsername === null
        ? null
        : { username: row.actorUsername, displayName: row.actorDisplayName },
  };
}

/** The caller's inbox, most recently changed first. */
export async function listInbox(
  db: Database,
  reader: UserRecord,
  page: PageRequest,
): Promise<KeysetPage<InboxItem>> {
  const queries = new NotificationQueries(db);
  const { rows, nextCursor } = await readKeysetPage("notifications", page, async (limit, after) =>
    (await queries.list(reader.id, limit, after)).map((row) => ({
      item: toItem(row, reader.id),
      position: { at: row.updatedAt, id: row.id },
    })),
  );
  return { rows: rows.map((row) => row.item), nextCursor };
}

export async function unreadNotificationCount(db: Database, reader: UserRecord): Promise<number> {
  return new NotificationQueries(db).unreadCount(reader.id);
}

/** Marks one of the caller's notifications read (again: no change); anyone else's is not found. */
export async function markNotificationRead(
  db: Database,
  reader: UserRecord,
  id: string,
): Promise<number> {
  const queries = new NotificationQueries(db);
  if (!(await queries.markRead(reader.id, id))) throw notFound(NOTIFICATION_NOT_FOUND);
  return queries.unreadCount(reader.id);
}

export async function markAllNotificationsRead(db: Database, reader: UserRecord): Promise<number> {
  const queries = new NotificationQueries(db);
  await queries.markAllRead(reader.id);
  return queries.unreadCount(reader.id);
}

/** Every kind on every channel, on or off for the caller. */
export async function notificationPreferences(
  db: Database,
  reader: UserRecord,
): Promise<NotificationPreference[]> {
  return effectivePreferences(await new NotificationQueries(db).preferences(reader.id));
}

/** Turns kinds on or off per channel; answers all of the caller's preferences. */
export async function setNotificationPreferences(
  db: Database,
  reader: UserRecord,
  given: ReadonlyArray<{ kind: string; channel: string; enabled: boolean }>,
): Promise<NotificationPreference[]> {
  const changes = validPreferences(given);
  await db.transaction(async (tx) => {
    const queries = new NotificationQueries(tx);
    for (const change of changes) await queries.setPreference(reader.id, change);
  });
  return notificationPreferences(db, reader);
}

/**
 * A one-click unsubscribe link followed: the kind (or every kind, for a link of "all") is turned
 * off on that channel for the person the link was made for, whoever follows it; a link that is not
 * genuine changes nothing.
 */
export async function unsubscribeByLink(
  db: Database,
  links: UnsubscribeLinks,
  token: string,
  options: { oneKindOnly?: boolean } = {},
): Promise<UnsubscribeTarget> {
  const target = links.verify(token);
  if (target === null) throw invalid("token", BAD_UNSUBSCRIBE_TOKEN);
  // A caller that can only answer one kind (GraphQL's NotificationPreference) asks for one.
  if (options.oneKindOnly && target.kind === "all") throw invalid("token", ALL_KINDS_LINK);
  const kinds = target.kind === "all" ? NOTIFICATION_KINDS : [target.kind];
  await db.transaction(async (tx) => {
    const queries = new NotificationQueries(tx);
    for (const kind of kinds) {
      await queries.setPreference(target.userId, { kind, channel: target.channel, enabled: false });
    }
  });
  return target;
}
