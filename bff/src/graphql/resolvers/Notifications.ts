import { LIST_MAX_SIZE } from "@storyloom/common";
import type {
  MutationResolvers,
  NotificationResolvers,
  QueryResolvers,
  SubscriptionResolvers,
} from "../../__generated__/resolvers-types.js";
import { unwrap } from "../errors.js";
import { decodeGlobalId, globalId } from "../global-id.js";
import { pageConnection } from "../pagination.js";
import { checkListSize } from "../story-lists.js";

// The viewer's notifications (docs/product.md#notifications): the bff maps, the api decides whose
// inbox it is. The live count: docs/decisions/056-notifications.md.

/**
 * How often a subscribed viewer's unread count is asked of the api: one index-only count per open
 * page every few seconds (docs/decisions/056-notifications.md).
 */
export const UNREAD_COUNT_POLL_MS = 3000;

export const Notification: NotificationResolvers = {
  id: (item) => globalId("Notification", item.id),
  kind: (item) => item.kind,
  count: (item) => item.count,
  moderationApproved: (item) => (item.outcome === null ? null : item.outcome === "approved"),
  read: (item) => item.read,
  createdAt: (item) => item.created_at,
  updatedAt: (item) => item.updated_at,
  storyPublicId: (item) => item.story?.public_id ?? null,
  storyTitle: (item) => item.story?.title ?? null,
  actorUsername: (item) => item.actor?.username ?? null,
  actorDisplayName: (item) => item.actor?.display_name ?? null,
};

export const notificationQueries: Pick<
  QueryResolvers,
  "notifications" | "unreadNotificationCount" | "notificationPreferences" | "pushPublicKey"
> = {
  notifications: (_parent, { first, after }, { rest }) =>
    pageConnection(checkListSize(first, 20), after, LIST_MAX_SIZE, (page) =>
      unwrap(rest.GET("/v1/me/notifications", { params: { query: page } })),
    ),
  unreadNotificationCount: async (_parent, _args, { rest }) =>
    (await unwrap(rest.GET("/v1/me/notifications/unread-count"))).unread_count,
  notificationPreferences: async (_parent, _args, { rest }) =>
    (await unwrap(rest.GET("/v1/me/notification-preferences"))).items,
  pushPublicKey: async (_parent, _args, { rest }) =>
    (await unwrap(rest.GET("/v1/push/public-key"))).public_key,
};

export const notificationMutations: Pick<
  MutationResolvers,
  | "markNotificationRead"
  | "markAllNotificationsRead"
  | "setNotificationPreferences"
  | "subscribeToPush"
  | "unsubscribeFromPush"
  | "unsubscribeByLink"
> = {
  markNotificationRead: async (_parent, { id }, { rest }) => {
    const notificationId = decodeGlobalId("Notification", id, "id");
    const answer = await unwrap(
      rest.POST("/v1/me/notifications/{id}/read", { params: { path: { id: notificationId } } }),
    );
    return answer.unread_count;
  },
  markAllNotificationsRead: async (_parent, _args, { rest }) =>
    (await unwrap(rest.POST("/v1/me/notifications/read-all"))).unread_count,
  setNotificationPreferences: async (_parent, { preferences }, { rest }) =>
    (
      await unwrap(
        rest.PUT("/v1/me/notification-preferences", {
          body: {
            items: preferences.map(({ kind, channel, enabled }) => ({ kind, channel, enabled })),
          },
        }),
      )
    ).items,
  // Web push (docs/decisions/063-web-push.md): the api checks the endpoint and keys.
  subscribeToPush: async (_parent, { subscription }, { rest }) => {
    const { endpoint, p256dh, auth } = subscription;
    const answer = await unwrap(
      rest.POST("/v1/me/push-subscriptions", { body: { endpoint, keys: { p256dh, auth } } }),
    );
    return globalId("PushSubscription", answer.id);
  },
  unsubscribeFromPush: async (_parent, { id }, { rest }) => {
    const subscriptionId = decodeGlobalId("PushSubscription", id, "id");
    await unwrap(
      rest.DELETE("/v1/me/push-subscriptions/{id}", {
        params: { path: { id: subscriptionId } },
      }),
    );
    return true;
  },
  unsubscribeByLink: async (_parent, { token }, { rest }) => {
    // A NotificationPreference names one kind: the api refuses a link of every kind (the
    // e-mail digest's), changing nothing, so the answer always names one.
    const answer = await unwrap(
      rest.POST("/v1/notifications/unsubscribe", { body: { token, one_kind_only: true } }),
    );
    if (answer.kind === "all") throw new Error("the api turned off every kind for a one-kind link");
    return { ...answer, kind: answer.kind };
  },
};

export const notificationSubscriptions: Pick<SubscriptionResolvers, "unreadNotificationCount"> = {
  // The count now, then each change the bff sees by asking the api's cheap count on an interval.
  unreadNotificationCount: {
    subscribe: (_parent, _args, { rest }) =>
      unreadCounts(
        async () => (await unwrap(rest.GET("/v1/me/notifications/unread-count"))).unread_count,
        UNREAD_COUNT_POLL_MS,
      ),
    resolve: (count: number) => count,
  },
};

/**
 * The count as it changes: the first answer at once, then only different ones. An api failure
 * (the viewer signed out, their token expired) ends the subscription with that error.
 */
export async function* unreadCounts(
  read: () => Promise<number>,
  pollMs: number,
): AsyncGenerator<number> {
  let last: number | null = null;
  for (;;) {
    const count = await read();
    if (count !== last) {
      last = count;
      yield count;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
