import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../__generated__";

export const SubscribeToAuthorMutation = graphql(`
  mutation SubscribeToAuthor($authorId: ID!) {
    subscribeToAuthor(authorId: $authorId) {
      id
      subscriberCount
      viewerIsSubscribed
      viewerSubscriptionId
    }
  }
`);

export const UnsubscribeFromAuthorMutation = graphql(`
  mutation UnsubscribeFromAuthor($subscriptionId: ID!) {
    unsubscribeFromAuthor(subscriptionId: $subscriptionId) {
      id
      subscriberCount
      viewerIsSubscribed
      viewerSubscriptionId
    }
  }
`);

export const SUBSCRIPTION_FAILED = "Could not update your subscription.";

export interface SubscribableAuthor {
  /** The AuthorProfile's global id: its cache identity, and what subscribing takes. */
  id: string;
  subscriberCount: number;
  viewerIsSubscribed: boolean;
  viewerSubscriptionId?: string | null;
}

/**
 * Subscribe / Unsubscribe: the profile flips at once (optimistic viewerIsSubscribed and
 * subscriberCount on the normalized AuthorProfile) and flips back if the server refuses, like
 * bookmarks. Resolves to null, or to the message to show.
 */
export function useToggleSubscription() {
  const [subscribe] = useMutation(SubscribeToAuthorMutation);
  const [unsubscribe] = useMutation(UnsubscribeFromAuthorMutation);

  const toggleSubscription = useCallback(
    async (author: SubscribableAuthor): Promise<string | null> => {
      const subscribing = !author.viewerIsSubscribed;
      const optimistic = {
        __typename: "AuthorProfile" as const,
        id: author.id,
        subscriberCount: Math.max(0, author.subscriberCount + (subscribing ? 1 : -1)),
        viewerIsSubscribed: subscribing,
        viewerSubscriptionId: subscribing ? `optimistic:${author.id}` : null,
      };
      try {
        if (subscribing) {
          await subscribe({
            variables: { authorId: author.id },
            optimisticResponse: { subscribeToAuthor: optimistic },
          });
        } else if (author.viewerSubscriptionId) {
          await unsubscribe({
            variables: { subscriptionId: author.viewerSubscriptionId },
            optimisticResponse: { unsubscribeFromAuthor: optimistic },
          });
        }
        return null;
      } catch (error) {
        console.warn("Updating the subscription failed", error);
        return SUBSCRIPTION_FAILED;
      }
    },
    [subscribe, unsubscribe],
  );

  return { toggleSubscription };
}
