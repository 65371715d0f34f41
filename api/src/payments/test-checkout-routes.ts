import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { Database } from "../platform/db/database.js";
import { PurchasesQueries, type PurchaseView } from "./purchases-queries.js";
import { notFound, unavailable } from "../platform/lib/errors.js";
import { PaymentProviderError } from "./payment-provider.js";
import type { LocalProvider } from "./local-provider.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { returnUrls } from "./purchase-routes.js";

export interface TestCheckoutRoutesOptions {
  db: Database;
  guards: AuthGuards;
  /** Null when real Stripe is configured: then these routes answer 404. */
  local: LocalProvider | null;
  publicBaseUrl: string;
}

export const TEST_CHECKOUT_NOT_FOUND = "There is no such test checkout.";

const SessionParams = Type.Object({
  session_id: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: "^[A-Za-z0-9_-]+$",
    description: "The local checkout session's id (cs_local_…).",
  }),
});

const TestCheckoutSchema = Type.Object(
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

const Redirect = Type.Object(
  { redirect_url: Type.String({ description: "Where to send the browser now." }) },
  { additionalProperties: false },
);

/**
 * The local provider's test checkout (docs/decisions/031-payments.md): the web app's page
 * /checkout/test/{session} reads the session and presses Pay or Cancel through these routes; the
 * provider then sends a signed event to the webhook route, which alone changes the purchase. Only
 * the buyer sees their session; with real Stripe configured every route here is 404.
 */
export const testCheckoutRoutes: FastifyPluginAsyncTypebox<TestCheckoutRoutesOptions> = async (
  app,
  options,
) => {
  const { guards, local } = options;
  const purchases = new PurchasesQueries(options.db);

  async function buyersSession(sessionId: string, buyerId: string): Promise<PurchaseView> {
    const purchase = local === null ? null : await purchases.findBySession("local", sessionId);
    if (purchase === null || purchase.userId !== buyerId) throw notFound(TEST_CHECKOUT_NOT_FOUND);
    return purchase;
  }

  const describe = (purchase: PurchaseView) =>
    purchase.kind === "premium"
      ? `Storyloom Premium, ${purchase.premiumDays ?? 0} days`
      : (purchase.storyTitle ?? "A story");

  app.get(
    "/payments/test-checkout/:session_id",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "getTestCheckout",
        summary: "A session of the local test checkout (no money moves), for its buyer.",
        tags: ["payments"],
        security: bearerSecurity,
        params: SessionParams,
        response: { 200: TestCheckoutSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const purchase = await buyersSession(request.params.session_id, signedInUser(request).id);
      const urls = returnUrls(options.publicBaseUrl, purchase);
      return {
        session_id: request.params.session_id,
        purchase_id: purchase.id,
        description: describe(purchase),
        amount_cents: purchase.amountCents,
        currency: purchase.currency,
        status: purchase.status,
        success_url: urls.successUrl,
        cancel_url: urls.cancelUrl,
      };
    },
  );

  for (const action of ["pay", "cancel"] as const) {
    app.post(
      `/payments/test-checkout/:session_id/${action}`,
      {
        onRequest: guards.requireUser,
        schema: {
          operationId: action === "pay" ? "payTestCheckout" : "cancelTestCheckout",
          summary:
            action === "pay"
              ? "Pays a test checkout: the local provider sends a signed checkout.session.completed event to the webhook."
              : "Abandons a test checkout: the local provider sends checkout.session.expired.",
          tags: ["payments"],
          security: bearerSecurity,
          params: SessionParams,
          response: { 200: Redirect, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const purchase = await buyersSession(request.params.session_id, signedInUser(request).id);
        const urls = returnUrls(options.publicBaseUrl, purchase);
        const facts = {
          purchaseId: purchase.id,
          amountCents: purchase.amountCents,
          currency: purchase.currency,
        };
        try {
          if (action === "pay") await local?.complete(facts);
          else await local?.expire(facts);
        } catch (error) {
          if (error instanceof PaymentProviderError) throw unavailable(error.message);
          throw error;
        }
        return { redirect_url: action === "pay" ? urls.successUrl : urls.cancelUrl };
      },
    );
  }
};
