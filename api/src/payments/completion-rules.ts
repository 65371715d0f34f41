import type { PurchaseRecord, StoryRecord } from "../platform/db/schema.js";
import { canView } from "../stories/visibility-rules.js";

// A payment that completes after its checkout's offer changed (docs/product.md#purchases-and-premium):
// what the rules of purchase-rules.ts refuse, and refund in full, as it arrives.

/** Why a completed payment is refused: not the checkout's amount, another offer now, no story. */
export type Refusal = "amount-mismatch" | "offer-changed" | "story-gone";

/** An amount in minor units of a currency, as a provider reports a payment. */
export interface PaidAmount {
  amountCents: number;
  currency: string;
}

/**
 * A priced story as its payment completes: its price now (null: free), and whether its buyer may
 * see it (public, approved). Null: the story is gone (deleted, or its author's account).
 */
export interface StoryOnSale {
  priceCents: number | null;
  visible: boolean;
}

/**
 * A story row as a payment completes, for the rules: gone when its author deleted it (discarded;
 * deleting their account deletes the row); otherwise its price and whether others may see it.
 */
export function storyOnSaleOf(
  story: Pick<
    StoryRecord,
    "authorId" | "status" | "isPublic" | "moderationStatus" | "priceCents"
  > | null,
): StoryOnSale | null {
  if (story === null || story.status === "discarded") return null;
  return { priceCents: story.priceCents, visible: canView(story, null) };
}

/**
 * Why a completed payment cannot buy what its checkout offered, if it cannot: another amount or
 * currency than the checkout's; for a story, the story gone, no longer visible to others, free, or
 * at another price than when the checkout was opened. `story` undefined: not read (not a story).
 */
export function refusalAtCompletion(
  purchase: Pick<PurchaseRecord, "kind" | "amountCents" | "currency">,
  paid: PaidAmount | null,
  story: StoryOnSale | null | undefined,
): Refusal | null {
  if (
    paid !== null &&
    (paid.amountCents !== purchase.amountCents ||
      paid.currency.toLowerCase() !== purchase.currency.toLowerCase())
  ) {
    return "amount-mismatch";
  }
  if (purchase.kind !== "story" || story === undefined) return null;
  if (story === null) return "story-gone";
  if (!story.visible || story.priceCents !== purchase.amountCents) return "offer-changed";
  return null;
}
