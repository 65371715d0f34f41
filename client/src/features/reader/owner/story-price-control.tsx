import {
  formatPrice,
  isPricePoint,
  PRICE_POINTS_CENTS,
  type PricePointCents,
} from "@storyloom/common";
import { useId } from "react";
import { Alert } from "../../../components/alert";
import { useTimedMessage } from "../../../lib/use-timed-message";
import { MESSAGE_TIMEOUTS_MS } from "../messages";
import { useSetStoryPrice } from "./use-set-story-price";

interface StoryPriceControlProps {
  storyId: string;
  /** The current price in cents; null: free. */
  priceCents: number | null;
}

const FREE = "free";

/**
 * The author's price for their completed, public, approved story: one of the price points or Free
 * (docs/product.md#prices-and-access). The page shows it only for such a story.
 */
export function StoryPriceControl({ storyId, priceCents }: StoryPriceControlProps) {
  const selectId = useId();
  const { setPrice, settingPrice } = useSetStoryPrice();
  const [message, showMessage] = useTimedMessage();

  async function change(value: string) {
    const cents = value === FREE ? null : Number(value);
    const chosen: PricePointCents | null = isPricePoint(cents) ? cents : null;
    const result = await setPrice(storyId, chosen);
    // A success fades; a refusal stays until the next try.
    showMessage(result, result.tone === "success" ? MESSAGE_TIMEOUTS_MS.price : undefined);
  }

  return (
    <div className="field story-price-control">
      <label className="field__label" htmlFor={selectId}>
        Price
      </label>
      {/* The product's field (44 px, themed), like the category beside it (issue 29 row 7). */}
      <select
        id={selectId}
        className="field__input field__select"
        value={priceCents === null ? FREE : String(priceCents)}
        disabled={settingPrice}
        onChange={(event) => void change(event.target.value)}
      >
        <option value={FREE}>Free</option>
        {PRICE_POINTS_CENTS.map((cents) => (
          <option key={cents} value={String(cents)}>
            {formatPrice(cents)}
          </option>
        ))}
      </select>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </div>
  );
}
