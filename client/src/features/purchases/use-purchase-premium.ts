import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../__generated__";
import { PURCHASE_MESSAGES } from "./messages";

export const PurchasePremiumMutation = graphql(`
  mutation PurchasePremium {
    purchasePremium {
      checkoutUrl
      purchase {
        id
        purchaseId
        status
      }
    }
  }
`);

/** Starts buying premium; resolves to the checkout's address, or to the message to show. */
export function usePurchasePremium() {
  const [mutate, { loading }] = useMutation(PurchasePremiumMutation);
  const purchasePremium = useCallback(async (): Promise<
    { checkoutUrl: string } | { error: string }
  > => {
    try {
      const { data } = await mutate();
      const url = data?.purchasePremium.checkoutUrl;
      return url ? { checkoutUrl: url } : { error: PURCHASE_MESSAGES.premiumFailed };
    } catch (error) {
      console.warn("Starting a premium purchase failed", error);
      return { error: PURCHASE_MESSAGES.premiumFailed };
    }
  }, [mutate]);
  return { purchasePremium, loading };
}
