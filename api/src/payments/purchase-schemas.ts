import { Type, type Static } from "typebox";
import type { EarningView, PurchaseView } from "./purchases-queries.js";
import { apiIdSchema } from "../platform/http/api-id-schema.js";

// The JSON of purchases and earnings (docs/product.md#purchases-and-premium), in snake_case.

const timestampOrNull = (description: string) =>
  Type.Union([Type.String({ format: "date-time" }), Type.Null()], { description });

export const PurchaseSchema = Type.Object(
  {
    id: Type.String({ description: "The purchase's id." }),
    kind: Type.Enum(["story", "premium"], {
      description: "story: one story's full text for good; premium: a period of premium.",
    }),
    status: Type.Enum(["pending", "paid", "refunded", "expired", "failed"], {
      description:
        "pending until the payment provider confirms; paid gives access; refunded takes it away; expired and failed never paid.",
    }),
    story_id: Type.Union([Type.String(), Type.Null()], {
      description: "The story's public_id; null for premium, or once the story was deleted.",
    }),
    story_title: Type.Union([Type.String(), Type.Null()], {
      description: "The story's title when bought.",
    }),
    amount_cents: Type.Integer({ description: "What was charged, in minor units." }),
    currency: Type.String({ description: "ISO 4217, lower case (usd)." }),
    premium_days: Type.Union([Type.Integer(), Type.Null()], {
      description: "Days of premium bought; null for a story.",
    }),
    checkout_url: Type.Union([Type.String(), Type.Null()], {
      description: "Where to pay while pending; null once settled.",
    }),
    refund_reason: Type.Union([Type.Enum(["duplicate", "admin", "provider"]), Type.Null()], {
      description:
        "Why it was refunded: a second payment of a story already owned, an admin, or the payment provider.",
    }),
    created_at: Type.String({ format: "date-time" }),
    paid_at: timestampOrNull("When the payment was confirmed."),
    refunded_at: timestampOrNull("When it was refunded."),
  },
  { additionalProperties: false },
);
export type PurchaseJson = Static<typeof PurchaseSchema>;

export function toPurchaseJson(purchase: PurchaseView): PurchaseJson {
  return {
    id: purchase.id,
    kind: purchase.kind,
    status: purchase.status,
    story_id: purchase.storyPublicId,
    story_title: purchase.storyTitle,
    amount_cents: purchase.amountCents,
    currency: purchase.currency,
    premium_days: purchase.premiumDays,
    checkout_url: purchase.status === "pending" ? purchase.checkoutUrl : null,
    refund_reason: purchase.refundReason as PurchaseJson["refund_reason"],
    created_at: purchase.createdAt.toISOString(),
    paid_at: purchase.paidAt?.toISOString() ?? null,
    refunded_at: purchase.refundedAt?.toISOString() ?? null,
  };
}

export const CheckoutResponse = Type.Object(
  {
    purchase: PurchaseSchema,
    checkout_url: Type.Union([Type.String(), Type.Null()], {
      description: "Send the browser here to pay; null when the story is already owned.",
    }),
  },
  { additionalProperties: false },
);

export const PurchaseIdParams = Type.Object({ id: apiIdSchema("The purchase's id") });

export const EarningSchema = Type.Object(
  {
    id: Type.String(),
    kind: Type.Enum(["sale", "refund"], {
      description: "sale: the author's share of a paid purchase; refund: its reversal.",
    }),
    amount_cents: Type.Integer({ description: "Positive for a sale, negative for a refund." }),
    currency: Type.String(),
    purchase_id: Type.String(),
    story_id: Type.Union([Type.String(), Type.Null()], {
      description: "The story's public_id; null once deleted.",
    }),
    story_title: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: "date-time" }),
  },
  { additionalProperties: false },
);

export function toEarningJson(earning: EarningView): Static<typeof EarningSchema> {
  return {
    id: earning.id,
    kind: earning.kind,
    amount_cents: earning.amountCents,
    currency: earning.currency,
    purchase_id: earning.purchaseId,
    story_id: earning.storyPublicId,
    story_title: earning.storyTitle,
    created_at: earning.createdAt.toISOString(),
  };
}
