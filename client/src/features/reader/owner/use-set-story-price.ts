import { useMutation } from "@apollo/client/react";
import { formatPrice, SITE_CURRENCY, type PricePointCents } from "@storyloom/common";
import { useCallback } from "react";
import { graphql } from "../../../__generated__";
import { serverMessageOf } from "../../../lib/graphql-error-message";
import type { TimedMessage } from "../../../lib/use-timed-message";
import { nowPricedMessage, READER_MESSAGES } from "../messages";

export const SetStoryPriceMutation = graphql(`
  mutation SetStoryPrice($storyId: ID!, $priceCents: Int) {
    setStoryPrice(storyId: $storyId, priceCents: $priceCents) {
      story {
        id
        price {
          amountCents
          currency
          formatted
        }
      }
    }
  }
`);

/**
 * The author prices their story or makes it free (docs/product.md#prices-and-access): the choice
 * shows at once and goes back if the server refuses; resolves to the message to show.
 */
export function useSetStoryPrice() {
  const [mutate, { loading }] = useMutation(SetStoryPriceMutation);
  const setPrice = useCallback(
    async (storyId: string, priceCents: PricePointCents | null): Promise<TimedMessage> => {
      const price =
        priceCents === null
          ? null
          : {
              __typename: "Money" as const,
              amountCents: priceCents,
              currency: SITE_CURRENCY,
              formatted: formatPrice(priceCents),
            };
      try {
        await mutate({
          variables: { storyId, priceCents },
          optimisticResponse: {
            setStoryPrice: {
              __typename: "SetStoryPricePayload",
              story: { __typename: "Story", id: storyId, price },
            },
          },
        });
        return {
          tone: "success",
          text: price === null ? READER_MESSAGES.nowFree : nowPricedMessage(price.formatted),
        };
      } catch (error) {
        console.warn("Changing the story's price failed", error);
        // The server's words when it refused (e.g. a story that cannot be priced now).
        return { tone: "error", text: serverMessageOf(error) ?? READER_MESSAGES.priceFailed };
      }
    },
    [mutate],
  );
  return { setPrice, settingPrice: loading };
}
