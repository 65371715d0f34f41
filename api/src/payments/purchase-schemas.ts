import { Type, type Static } from "typebox";
import type { EarningView } from "./earnings-queries.js";
import type { PurchaseView } from "./purchases-queries.js";
import type { StartedCheckout } from "./checkouts.js";
import type { ListPage } from "./purchase-reads.js";
import { REFUND_REASONS } from "./purchase-rules.js";
import { apiIdSchema } from "../platform/http/api-id-schema.js";
import { listCursorParam, listSizeParam } from "../stories/story-schemas.js";

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
    refund_reason: Type.Union([Type.Enum(REFUND_REASONS), Type.Null()], {
      description:
        "Why it was refunded: a second payment of a story already owned (duplicate), an admin, the payment provider; or refused as the payment arrived: another amount than the checkout's (amount-mismatch), the story re-priced, made free or hidden meanwhile (offer-changed), or deleted (story-gone).",
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

export function toCheckoutJson(started: StartedCheckout): Static<typeof CheckoutResponse> {
  return { purchase: toPurchaseJson(started.purchase), checkout_url: started.checkoutUrl };
}

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

export const PageQuery = Type.Object(
  { size: Type.Optional(listSizeParam), cursor: Type.Optional(listCursorParam) },
  { additionalProperties: false },
);

const nextCursor = Type.Union([Type.String(), Type.Null()], {
  description: "The cursor of the next page; null on the last.",
});

export const PurchasePage = Type.Object(
  { items: Type.Array(PurchaseSchema), next_cursor: nextCursor },
  { additionalProperties: false },
);

export function toPurchasePageJson(page: ListPage<PurchaseView>): Static<typeof PurchasePage> {
  return { items: page.items.map(toPurchaseJson), next_cursor: page.nextCursor };
}

export const EarningsPage = Type.Object(
  {
    items: Type.Array(EarningSchema),
    next_cursor: nextCursor,
    totals: Type.Array(
      Type.Object(
        { currency: Type.String(), amount_cents: Type.Integer() },
        { additionalProperties: false },
      ),
      { description: "The sum of the whole ledger per currency (not only this page)." },
    ),
  },
  { additionalProperties: false },
);

export function toEarningsPageJson(
  page: ListPage<EarningView> & { totals: Array<{ currency: string; amountCents: number }> },
): Static<typeof EarningsPage> {
  return {
    items: page.items.map(toEarningJson),
    next_cursor: page.nextCursor,
    totals: page.totals.map((total) => ({
      currency: total.currency,
      amount_cents: total.amountCents,
    })),
  };
}
