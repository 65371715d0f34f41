import { Type, type Static } from "typebox";
import { apiIdSchema } from "../platform/http/api-id-schema.js";
import type { PaymentEventRecord, PurchaseView } from "./purchases-queries.js";
import type { PremiumStatus } from "./premium.js";
import { MAX_GRANT_DAYS } from "./premium-rules.js";
import { PurchaseSchema, toPurchaseJson } from "./purchase-schemas.js";

// The JSON of the admins' payment routes (docs/product.md#purchases-and-premium), in snake_case.

export const AdminPurchaseSchema = Type.Object(
  {
    ...PurchaseSchema.properties,
    buyer_id: Type.Union([Type.String(), Type.Null()], {
      description: "The buyer's user id; null once the account was deleted.",
    }),
    buyer_username: Type.Union([Type.String(), Type.Null()]),
    buyer_email: Type.Union([Type.String(), Type.Null()]),
    provider: Type.String({ description: "stripe or local." }),
    provider_payment_id: Type.Union([Type.String(), Type.Null()], {
      description: "The provider's payment (a Stripe PaymentIntent id).",
    }),
  },
  { additionalProperties: false },
);

export function toAdminPurchaseJson(
  purchase: PurchaseView & { buyerUsername: string | null; buyerEmail: string | null },
): Static<typeof AdminPurchaseSchema> {
  return {
    ...toPurchaseJson(purchase),
    buyer_id: purchase.userId,
    buyer_username: purchase.buyerUsername,
    buyer_email: purchase.buyerEmail,
    provider: purchase.provider,
    provider_payment_id: purchase.providerPaymentId,
  };
}

export const PaymentEventSchema = Type.Object(
  {
    event_id: Type.String(),
    type: Type.String({ description: "The provider's event type, or admin.refund." }),
    outcome: Type.Union([Type.String(), Type.Null()], { description: "What handling it did." }),
    received_at: Type.String({ format: "date-time" }),
    payload: Type.Unknown({ description: "The event as received." }),
  },
  { additionalProperties: false },
);

export function toPaymentEventJson(event: PaymentEventRecord): Static<typeof PaymentEventSchema> {
  return {
    event_id: event.eventId,
    type: event.type,
    outcome: event.outcome,
    received_at: event.receivedAt.toISOString(),
    payload: event.payload,
  };
}

export const PremiumStatusSchema = Type.Object(
  {
    user_id: Type.String(),
    premium_until: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
      description: "The user's premium end after the change; null: no grant left.",
    }),
    is_premium: Type.Boolean(),
  },
  { additionalProperties: false },
);

export function toPremiumStatusJson(status: PremiumStatus): Static<typeof PremiumStatusSchema> {
  return {
    user_id: status.userId,
    premium_until: status.premiumUntil?.toISOString() ?? null,
    is_premium: status.premium,
  };
}

export const UserIdParams = Type.Object({ id: apiIdSchema("The user's id") });

export const GrantPremiumBody = Type.Object(
  {
    days: Type.Integer({
      minimum: 1,
      maximum: MAX_GRANT_DAYS,
      description: `1 to ${MAX_GRANT_DAYS}.`,
    }),
  },
  { additionalProperties: false },
);

export const PurchaseSearchQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200, description: "What to look for." })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  },
  { additionalProperties: false },
);
