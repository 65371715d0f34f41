import { graphql } from "../../__generated__";

// The viewer's notifications (docs/product.md#notifications).

export const UnreadNotificationCountSubscription = graphql(`
  subscription UnreadNotificationCount {
    unreadNotificationCount
  }
`);

export const NotificationsQuery = graphql(`
  query Notifications($first: Int!, $after: String) {
    unreadNotificationCount
    notifications(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          kind
          count
          moderationApproved
          read
          updatedAt
          storyPublicId
          storyTitle
          actorUsername
          actorDisplayName
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const MarkNotificationReadMutation = graphql(`
  mutation MarkNotificationRead($id: ID!) {
    markNotificationRead(id: $id)
  }
`);

export const MarkAllNotificationsReadMutation = graphql(`
  mutation MarkAllNotificationsRead {
    markAllNotificationsRead
  }
`);

export const NotificationPreferencesQuery = graphql(`
  query NotificationPreferences {
    notificationPreferences {
      kind
      channel
      enabled
    }
  }
`);

export const SetNotificationPreferencesMutation = graphql(`
  mutation SetNotificationPreferences($preferences: [NotificationPreferenceInput!]!) {
    setNotificationPreferences(preferences: $preferences) {
      kind
      channel
      enabled
    }
  }
`);

// Web push on this device (docs/decisions/063-web-push.md).

export const PushPublicKeyQuery = graphql(`
  query PushPublicKey {
    pushPublicKey
  }
`);

export const SubscribeToPushMutation = graphql(`
  mutation SubscribeToPush($subscription: PushSubscriptionInput!) {
    subscribeToPush(subscription: $subscription)
  }
`);

export const UnsubscribeFromPushMutation = graphql(`
  mutation UnsubscribeFromPush($id: ID!) {
    unsubscribeFromPush(id: $id)
  }
`);
