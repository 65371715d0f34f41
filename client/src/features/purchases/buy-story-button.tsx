import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../components/alert";
import { browser } from "./navigate-to";
import { usePurchaseStory } from "./use-purchase-story";

export interface StoryPrice {
  amountCents: number;
  currency: string;
  /** As people read it: $1.99. */
  formatted: string;
}

interface BuyStoryButtonProps {
  /** The story's global id (Story.id). */
  storyId: string;
  price: StoryPrice;
}

/**
 * "Buy for $1.99": starts the purchase and sends the browser to the checkout. Disabled from the
 * first click until the browser leaves, so a double click starts one checkout (the api also answers
 * a second request with the same one). A story already owned goes straight to its confirmation.
 */
export function BuyStoryButton({ storyId, price }: BuyStoryButtonProps) {
  const { purchaseStory } = usePurchaseStory();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function buy() {
    if (busy) return;
    setBusy(true);
    setError(null);
    const started = await purchaseStory(storyId);
    if ("error" in started) {
      setError(started.error);
      setBusy(false);
      return;
    }
    if (started.checkoutUrl === null) {
      setBusy(false);
      void navigate(`?purchase=${encodeURIComponent(started.purchaseId)}`);
      return;
    }
    browser.assign(started.checkoutUrl);
  }

  return (
    <div className="buy-story">
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void buy()}
      >
        {busy ? "Opening checkout…" : `Buy for ${price.formatted}`}
      </button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
