import { useMutation } from "@apollo/client/react";
import { CombinedGraphQLErrors } from "@apollo/client";
import { useCallback } from "react";
import { graphql } from "../../__generated__";
import { PURCHASE_MESSAGES } from "./messages";

export const PurchaseStoryMutation = graphql(`
  mutation PurchaseStory($storyId: ID!) {
    purchaseStory(storyId: $storyId) {
      checkoutUrl
      purchase {
        id
        purchaseId
        status
        storyPublicId
      }
    }
  }
`);

export type PurchaseStart = { checkoutUrl: string | null; purchaseId: string } | { error: string };

/**
 * Starts buying a story: the api answers a new checkout, the open one (a second click or tab), or
 * the paid purchase when the story is already owned (no checkout). No optimistic answer: nothing
 * on the page changes until the browser leaves for the checkout. Resolves to where to go, or to
 * the message to show.
 */
export function usePurchaseStory() {
  const [mutate, { loading }] = useMutation(PurchaseStoryMutation);
  const purchaseStory = useCallback(
    async (storyId: string): Promise<PurchaseStart> => {
      try {
        const { data } = await mutate({ variables: { storyId } });
        const started = data?.purchaseStory;
        if (!started) return { error: PURCHASE_MESSAGES.buyFailed };
        return {
          checkoutUrl: started.checkoutUrl ?? null,
          purchaseId: started.purchase.purchaseId,
        };
      } catch (error) {
        console.warn("Starting a purchase failed", error);
        const notForSale =
          CombinedGraphQLErrors.is(error) &&
          error.errors.some((e) => e.extensions?.reason === "NOT_FOR_SALE");
        return { error: notForSale ? PURCHASE_MESSAGES.notForSale : PURCHASE_MESSAGES.buyFailed };
      }
    },
    [mutate],
  );
  return { purchaseStory, loading };
}
