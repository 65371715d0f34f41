import { Type, type Static } from "typebox";
import type { TestCheckout } from "./test-checkouts.js";

// The JSON of the local test checkout's page (docs/decisions/031-payments.md), in snake_case.

export const SessionParams = Type.Object({
  session_id: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: "^[A-Za-z0-9_-]+$",
    description: "The local checkout session's id (cs_local_…).",
  }),
});

export const TestCheckoutSchema = Type.Object(
  {
    session_id: Type.String(),
    purchase_id: Type.String(),
    description: Type.String({ description: "What is being bought." }),
    amount_cents: Type.Integer(),
    currency: Type.String(),
    status: Type.Enum(["pending", "paid", "refunded", "expired", "failed"], {
      description: "The purchase's status: only a pending one can still be paid or cancelled.",
    }),
    success_url: Type.String({ description: "Where the page goes after paying." }),
    cancel_url: Type.String({ description: "Where the page goes after cancelling." }),
  },
  { additionalProperties: false },
);

export const Redirect = Type.Object(
  { redirect_url: Type.String({ description: "Where to send the browser now." }) },
  { additionalProperties: false },
);

export function toTestCheckoutJson(checkout: TestCheckout): Static<typeof TestCheckoutSchema> {
  return {
    session_id: checkout.sessionId,
    purchase_id: checkout.purchase.id,
    description: checkout.description,
    amount_cents: checkout.purchase.amountCents,
    currency: checkout.purchase.currency,
    status: checkout.purchase.status,
    success_url: checkout.successUrl,
    cancel_url: checkout.cancelUrl,
  };
}
