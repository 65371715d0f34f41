import type { ReactNode } from "react";

/** An amount as the api and the schema's Money give it. */
export interface OfferPrice {
  amountCents: number;
  currency: string;
  formatted: string;
}

interface StoryOfferProps {
  storyId: string;
  price: OfferPrice;
  /** Where the purchase button goes (the payments feature's). */
  children?: ReactNode;
}

/**
 * The offer under a priced story's free part, for a reader who has not bought it: what the rest
 * costs and what buying gives (docs/product.md#prices-and-access). The server sent no more text
 * than the free part; this only says so.
 */
export function StoryOffer({ storyId, price, children }: StoryOfferProps) {
  const headingId = `story-offer-${storyId}`;
  return (
    <aside className="story-offer" aria-labelledby={headingId} data-story-id={storyId}>
      <h2 id={headingId} className="story-offer__title">
        Keep reading
      </h2>
      <p className="story-offer__text">
        The rest of this story is <strong>{price.formatted}</strong>. Buy it once to read every
        chapter, with its pictures, for as long as you like.
      </p>
      {children ? <div className="story-offer__action">{children}</div> : null}
    </aside>
  );
}
