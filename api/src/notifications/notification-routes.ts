import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { API_ID_PATTERN, LIST_DEFAULT_SIZE } from "@storyloom/common";
import { Type } from "typebox";
import type { Database } from "../platform/db/database.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { listCursorParam, listSizeParam } from "../stories/story-schemas.js";
import {
  listInbox,
  markAllNotificationsRead,
  markNotificationRead,
  notificationPreferences,
  setNotificationPreferences,
  unreadNotificationCount,
  unsubscribeByLink,
  type InboxItem,
} from "./inbox.js";
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from "./notification-rules.js";
import type { UnsubscribeLinks } from "./unsubscribe-rules.js";
import { pushRoutes } from "./push-routes.js";
import type { PushSettings } from "./push-subscriptions.js";

const UnsubscribeBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 300 }),
    one_kind_only: Type.Optional(
      Type.Boolean({
        description:
          "Refuse (422) a link that turns off every kind, changing nothing: for a caller that answers one kind.",
      }),
    ),
  },
  { additionalProperties: false },
);

export interface NotificationRoutesOptions {
  db: Database;
  guards: AuthGuards;
  /** Signs and checks one-click unsubscribe links (unsubscribe-rules.ts). */
  unsubscribeLinks: UnsubscribeLinks;
  /** Web push's public key and endpoint rule (push-routes.ts). */
  push: PushSettings;
}

// The lists of notification-rules.ts (a test keeps them alike).
const Kind = Type.Union(
  [
    Type.Literal("new_story"),
    Type.Literal("new_chapter"),
    Type.Literal("comment_reply"),
    Type.Literal("story_note"),
    Type.Literal("story_purchase"),
    Type.Literal("moderation_outcome"),
    Type.Literal("note_shaped"),
  ],
  { description: "What happened." },
);
const Channel = Type.Union([Type.Literal("inbox"), Type.Literal("push"), Type.Literal("email")], {
  description: "Where the reader hears of it.",
});

const Notification = Type.Object(
  {
    id: Type.String(),
    kind: Kind,
    count: Type.Integer({
      minimum: 1,
      description: "Events of this kind on this story collapsed into this item.",
    }),
    outcome: Type.Union([Type.Literal("approved"), Type.Literal("rejected"), Type.Null()], {
      description: "moderation_outcome: the moderator's decision; null for other kinds.",
    }),
    read: Type.Boolean(),
    created_at: Type.String({ format: "date-time" }),
    updated_at: Type.String({
      format: "date-time",
      description: "The last event collapsed into it.",
    }),
    story: Type.Union(
      [
        Type.Object(
          { public_id: Type.String(), title: Type.String() },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      {
        description:
          "The story's link and title; null once the reader may no longer see it. Never its text.",
      },
    ),
    actor: Type.Union(
      [
        Type.Object(
          { username: Type.String(), display_name: Type.Union([Type.String(), Type.Null()]) },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: "Who acted last; null for moderation and deleted accounts." },
    ),
  },
  { additionalProperties: false },
);

const UnreadCount = Type.Object(
  { unread_count: Type.Integer({ minimum: 0, description: "The caller's unread notifications." }) },
  { additionalProperties: false },
);

const Preference = Type.Object(
  { kind: Kind, channel: Channel, enabled: Type.Boolean() },
  { additionalProperties: false },
);
const Preferences = Type.Object(
  { items: Type.Array(Preference, { description: "Every kind on every channel." }) },
  { additionalProperties: false },
);
const PreferenceChanges = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          kind: Type.String({ maxLength: 40 }),
          channel: Type.String({ maxLength: 20 }),
          enabled: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: NOTIFICATION_KINDS.length * NOTIFICATION_CHANNELS.length },
    ),
  },
  { additionalProperties: false },
);

const Unsubscribed = Type.Object(
  {
    kind: Type.Union([Kind, Type.Literal("all")], {
      description: "The kind turned off, or `all` for every kind (a digest's own link).",
    }),
    channel: Channel,
    enabled: Type.Literal(false),
  },
  { additionalProperties: false },
);

const toJson = (item: InboxItem) => ({
  id: item.id,
  kind: item.kind,
  count: item.count,
  outcome: item.outcome,
  read: item.read,
  created_at: new Date(item.createdAt).toISOString(),
  updated_at: new Date(item.updatedAt).toISOString(),
  story: item.story && { public_id: item.story.publicId, title: item.story.title },
  actor: item.actor && { username: item.actor.username, display_name: item.actor.displayName },
});

/**
 * The caller's inbox (docs/product.md#notifications): GET /me/notifications, its unread count,
 * marking read, and the preferences per kind and channel. Only ever the caller's own.
 */
export const notificationRoutes: FastifyPluginAsyncTypebox<NotificationRoutesOptions> = async (
  app,
  { db, guards, unsubscribeLinks, push },
) => {
  await app.register(pushRoutes, { db, guards, push });
  const base = { tags: ["notifications"], security: bearerSecurity };
  app.get(
    "/me/notifications",
    {
      onRequest: guards.requireUser,
      schema: {
        ...base,
        operationId: "listMyNotifications",
        summary: "The caller's notifications, most recent first.",
        querystring: Type.Object(
          { size: Type.Optional(listSizeParam), cursor: Type.Optional(listCursorParam) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(
            {
              items: Type.Array(Notification),
              next_cursor: Type.Union([Type.String(), Type.Null()]),
            },
            { additionalProperties: false },
          ),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => {
      const { size, cursor } = request.query;
      const page = await listInbox(db, signedInUser(request), {
        size: size ?? LIST_DEFAULT_SIZE,
        cursor,
      });
      return { items: page.rows.map(toJson), next_cursor: page.nextCursor };
    },
  );

  app.get(
    "/me/notifications/unread-count",
    {
      onRequest: guards.requireUser,
      schema: {
        ...base,
        operationId: "countMyUnreadNotifications",
        summary: "How many of the caller's notifications are unread.",
        response: { 200: UnreadCount, ...errorResponses(401) },
      },
    },
    async (request) => ({ unread_count: await unreadNotificationCount(db, signedInUser(request)) }),
  );

  app.post(
    "/me/notifications/:id/read",
    {
      onRequest: guards.requireUser,
      schema: {
        ...base,
        operationId: "markMyNotificationRead",
        summary: "Marks one of the caller's notifications read; answers the unread count.",
        params: Type.Object({ id: Type.String({ pattern: API_ID_PATTERN }) }),
        response: { 200: UnreadCount, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      unread_count: await markNotificationRead(db, signedInUser(request), request.params.id),
    }),
  );

  app.post(
    "/me/notifications/read-all",
    {
      onRequest: guards.requireUser,
      schema: {
        ...base,
        operationId: "markAllMyNotificationsRead",
        summary: "Marks all of the caller's notifications read.",
        response: { 200: UnreadCount, ...errorResponses(401) },
      },
    },
    async (request) => ({
      unread_count: await markAllNotificationsRead(db, signedInUser(request)),
    }),
  );

  app.get(
    "/me/notification-preferences",
    {
      onRequest: guards.requireUser,
      schema: {
        ...base,
        operationId: "getMyNotificationPreferences",
        summary: "Which kinds the caller hears of on which channel.",
        response: { 200: Preferences, ...errorResponses(401) },
      },
    },
    async (request) => ({ items: await notificationPreferences(db, signedInUser(request)) }),
  );

  app.put(
    "/me/notification-preferences",
    {
      onRequest: guards.requireUser,
      schema: {
        ...base,
        operationId: "setMyNotificationPreferences",
        summary: "Turns kinds on or off per channel; answers every preference.",
        body: PreferenceChanges,
        response: { 200: Preferences, ...errorResponses(400, 401, 422) },
      },
    },
    async (request) => ({
      items: await setNotificationPreferences(db, signedInUser(request), request.body.items),
    }),
  );

  app.post(
    "/notifications/unsubscribe",
    {
      schema: {
        tags: ["notifications"],
        operationId: "unsubscribeByLink",
        summary: "One-click unsubscribe: turns off the kind on the channel the signed link names.",
        description:
          "No sign-in: the link's signature is the permission, and it can only turn off the one kind on the one channel of the one person it was made for.",
        body: UnsubscribeBody,
        response: {
          200: Unsubscribed,
          ...errorResponses(400, 422),
        },
      },
    },
    async (request) => {
      const target = await unsubscribeByLink(db, unsubscribeLinks, request.body.token, {
        oneKindOnly: request.body.one_kind_only ?? false,
      });
      return { kind: target.kind, channel: target.channel, enabled: false as const };
    },
  );
};
