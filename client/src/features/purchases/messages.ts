// The words of purchases and premium (docs/product.md#purchases-and-premium).
export const PURCHASE_MESSAGES = {
  buyFailed: "Could not start the purchase. Please try again.",
  notForSale: "This story is not for sale.",
  premiumFailed: "Could not start the purchase of premium. Please try again.",
  confirming: "Confirming your purchase…",
  confirmed: "Thank you! The story is yours to read.",
  premiumConfirmed: "Thank you! You are premium now.",
  failed: "The payment did not go through. Nothing was charged.",
  cancelled: "The checkout was cancelled. Nothing was charged.",
  stillPending:
    "Your payment has not been confirmed yet. This page will update when it is; you can also refresh later.",
  pollFailed: "Could not check your purchase. Please refresh the page.",
} as const;

/** A purchase refunded by the time its buyer is back from the checkout, by why it was. */
export const REFUNDED_MESSAGES: Readonly<Record<string, string>> = {
  "offer-changed":
    "The story changed before your payment arrived (its price, or who can read it), so your payment was refunded in full.",
  "story-gone":
    "The story was deleted before your payment arrived, so your payment was refunded in full.",
  "amount-mismatch": "The payment did not match the story's price, so it was refunded in full.",
  duplicate: "You already own this story, so this second payment was refunded in full.",
};
export const REFUNDED_OTHERWISE = "This purchase was refunded.";
