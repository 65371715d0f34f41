import { formatPrice, LIST_MAX_SIZE } from "@storyloom/common";
import type {
  AdminPurchaseResolvers,
  EarningResolvers,
  MoneyResolvers,
  MutationResolvers,
  PaymentEventResolvers,
  PremiumStatusResolvers,
  PurchaseResolvers,
  QueryResolvers,
  TestCheckoutResolvers,
} from "../../__generated__/resolvers-types.js";
import { apiIdArgument, badUserInput } from "../arguments.js";
import { checkPageSize, pageConnection } from "../pagination.js";
import { checkListSize } from "../story-lists.js";
import { unwrap, unwrapOrNull } from "../errors.js";
import { decodeGlobalId, globalId } from "../global-id.js";

// Purchases, premium and earnings (docs/product.md#purchases-and-premium): the bff maps, the api
// decides (docs/decisions/031-payments.md).

/** The admins' purchase search answers at most this many (GET /v1/admin/purchases). */
export const ADMIN_PURCHASES_MAX = 100;
/** A test checkout session's id: what the api's route takes. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/;

function sessionArgument(sessionId: string): string {
  if (!SESSION_ID.test(sessionId)) throw badUserInput("sessionId is not valid.", "sessionId");
  return sessionId;
}

export const Money: MoneyResolvers = {
  amountCents: (money) => money.amount_cents,
  currency: (money) => money.currency,
  formatted: (money) => formatPrice(money.amount_cents, money.currency),
};

export const Purchase: PurchaseResolvers = {
  id: (purchase) => globalId("Purchase", purchase.id),
  purchaseId: (purchase) => purchase.id,
  storyPublicId: (purchase) => purchase.story_id,
  storyTitle: (purchase) => purchase.story_title,
  price: (purchase) => ({ amount_cents: purchase.amount_cents, currency: purchase.currency }),
  premiumDays: (purchase) => purchase.premium_days,
  checkoutUrl: (purchase) => purchase.checkout_url,
  refundReason: (purchase) => purchase.refund_reason,
  createdAt: (purchase) => purchase.created_at,
  paidAt: (purchase) => purchase.paid_at,
  refundedAt: (purchase) => purchase.refunded_at,
};

export const Earning: EarningResolvers = {
  amount: (earning) => ({ amount_cents: earning.amount_cents, currency: earning.currency }),
  storyPublicId: (earning) => earning.story_id,
  storyTitle: (earning) => earning.story_title,
  createdAt: (earning) => earning.created_at,
};

export const AdminPurchase: AdminPurchaseResolvers = {
  purchase: (row) => row,
  buyerId: (row) => (row.buyer_id === null ? null : globalId("User", row.buyer_id)),
  buyerUsername: (row) => row.buyer_username,
  buyerEmail: (row) => row.buyer_email,
  providerPaymentId: (row) => row.provider_payment_id,
};

export const PaymentEvent: PaymentEventResolvers = {
  eventId: (event) => event.event_id,
  receivedAt: (event) => event.received_at,
  payload: (event) => JSON.stringify(event.payload),
};

export const PremiumStatus: PremiumStatusResolvers = {
  userId: (status) => globalId("User", status.user_id),
  premiumUntil: (status) => status.premium_until,
  isPremium: (status) => status.is_premium,
};

export const TestCheckout: TestCheckoutResolvers = {
  sessionId: (session) => session.session_id,
  price: (session) => ({ amount_cents: session.amount_cents, currency: session.currency }),
  successUrl: (session) => session.success_url,
  cancelUrl: (session) => session.cancel_url,
};

export const purchaseQueries: Pick<
  QueryResolvers,
  "purchase" | "myPurchases" | "myEarnings" | "adminPurchases" | "purchaseEvents" | "testCheckout"
> = {
  purchase: async (_parent, { purchaseId }, { rest }) => {
    const id = apiIdArgument(purchaseId, "purchaseId");
    return unwrapOrNull(rest.GET("/v1/purchases/{id}", { params: { path: { id } } }));
  },
  myPurchases: (_parent, { first, after }, { rest }) =>
    pageConnection(checkListSize(first, 20), after, LIST_MAX_SIZE, (page) =>
      unwrap(rest.GET("/v1/purchases/my", { params: { query: page } })),
    ),
  myEarnings: async (_parent, { first }, { rest }) => {
    const size = checkListSize(first, 20);
    const ledger = await unwrap(rest.GET("/v1/earnings/my", { params: { query: { size } } }));
    return { entries: ledger.items, totals: ledger.totals };
  },
  adminPurchases: (_parent, { query, first }, { rest }) =>
    unwrap(
      rest.GET("/v1/admin/purchases", {
        params: {
          query: {
            limit: checkPageSize(first, 50, ADMIN_PURCHASES_MAX),
            ...(query ? { q: query } : {}),
          },
        },
      }),
    ),
  purchaseEvents: (_parent, { id }, { rest }) =>
    unwrap(
      rest.GET("/v1/admin/purchases/{id}/events", {
        params: { path: { id: decodeGlobalId("Purchase", id, "id") } },
      }),
    ),
  testCheckout: async (_parent, { sessionId }, { rest }) => {
    const session_id = sessionArgument(sessionId);
    return unwrapOrNull(
      rest.GET("/v1/payments/test-checkout/{session_id}", { params: { path: { session_id } } }),
    );
  },
};

export const purchaseMutations: Pick<
  MutationResolvers,
  | "purchaseStory"
  | "purchasePremium"
  | "refundPurchase"
  | "grantPremium"
  | "revokePremium"
  | "payTestCheckout"
  | "cancelTestCheckout"
> = {
  purchaseStory: async (_parent, { storyId }, { rest }) => {
    const id = decodeGlobalId("Story", storyId, "storyId");
    const started = await unwrap(
      rest.POST("/v1/stories/{id}/purchase", { params: { path: { id } } }),
    );
    return { purchase: started.purchase, checkoutUrl: started.checkout_url };
  },
  purchasePremium: async (_parent, _args, { rest }) => {
    const started = await unwrap(rest.POST("/v1/premium/purchase"));
    return { purchase: started.purchase, checkoutUrl: started.checkout_url };
  },
  refundPurchase: (_parent, { id }, { rest }) =>
    unwrap(
      rest.POST("/v1/admin/purchases/{id}/refund", {
        params: { path: { id: decodeGlobalId("Purchase", id, "id") } },
      }),
    ),
  grantPremium: (_parent, { userId, days }, { rest }) =>
    unwrap(
      rest.POST("/v1/admin/users/{id}/premium", {
        params: { path: { id: decodeGlobalId("User", userId, "userId") } },
        body: { days },
      }),
    ),
  revokePremium: (_parent, { userId }, { rest }) =>
    unwrap(
      rest.DELETE("/v1/admin/users/{id}/premium", {
        params: { path: { id: decodeGlobalId("User", userId, "userId") } },
      }),
    ),
  payTestCheckout: async (_parent, { sessionId }, { rest }) => {
    const answer = await unwrap(
      rest.POST("/v1/payments/test-checkout/{session_id}/pay", {
        params: { path: { session_id: sessionArgument(sessionId) } },
      }),
    );
    return { redirectUrl: answer.redirect_url };
  },
  cancelTestCheckout: async (_parent, { sessionId }, { rest }) => {
    const answer = await unwrap(
      rest.POST("/v1/payments/test-checkout/{session_id}/cancel", {
        params: { path: { session_id: sessionArgument(sessionId) } },
      }),
    );
    return { redirectUrl: answer.redirect_url };
  },
};
