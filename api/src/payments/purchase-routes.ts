import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyBaseLogger } from "fastify";
import type { PaymentSettings } from "./payment-settings.js";
import type { Database } from "../platform/db/database.js";
import type { PaymentProvider } from "./payment-provider.js";
import { startPremiumCheckout, startStoryCheckout, type CheckoutDeps } from "./checkouts.js";
import { getMyPurchase, listMyEarnings, listMyPurchases } from "./purchase-reads.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import {
  CheckoutResponse,
  EarningsPage,
  PageQuery,
  PurchaseIdParams,
  PurchasePage,
  PurchaseSchema,
  toCheckoutJson,
  toEarningsPageJson,
  toPurchaseJson,
  toPurchasePageJson,
} from "./purchase-schemas.js";
import { StoryIdParams } from "../stories/story-schemas.js";

export interface PurchaseRoutesOptions {
  db: Database;
  guards: AuthGuards;
  provider: PaymentProvider;
  payments: PaymentSettings;
  /** The web app's address: where the checkout sends the browser back ("" for paths). */
  publicBaseUrl: string;
}

/**
 * Buying stories and premium (docs/product.md#purchases-and-premium): POST /stories/{id}/purchase,
 * POST /premium/purchase, GET /purchases/my and /purchases/{id}, GET /earnings/my. A purchase
 * becomes paid only through the provider's webhook (payment-webhook-routes.ts): these routes
 * start checkouts and read (docs/decisions/031-payments.md).
 */
export const purchaseRoutes: FastifyPluginAsyncTypebox<PurchaseRoutesOptions> = async (
  app,
  options,
) => {
  const { db, guards } = options;
  const checkouts = (log: FastifyBaseLogger): CheckoutDeps => ({
    db,
    provider: options.provider,
    settings: options.payments,
    publicBaseUrl: options.publicBaseUrl,
    log,
  });

  app.post(
    "/stories/:id/purchase",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "purchaseStory",
        summary:
          "Starts buying a priced story: 201 with a new checkout; 200 with the open one (a second click or tab), or with the paid purchase and no checkout when already owned.",
        tags: ["purchases"],
        security: bearerSecurity,
        params: StoryIdParams,
        response: {
          200: CheckoutResponse,
          201: CheckoutResponse,
          ...errorResponses(401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const started = await startStoryCheckout(
        checkouts(request.log),
        signedInUser(request),
        request.params.id,
      );
      reply.code(started.started ? 201 : 200);
      return toCheckoutJson(started);
    },
  );

  app.post(
    "/premium/purchase",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "purchasePremium",
        summary:
          "Starts buying a period of premium: 201 with a new checkout; 200 with the open one on a second click.",
        tags: ["purchases"],
        security: bearerSecurity,
        response: { 200: CheckoutResponse, 201: CheckoutResponse, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const started = await startPremiumCheckout(checkouts(request.log), signedInUser(request));
      reply.code(started.started ? 201 : 200);
      return toCheckoutJson(started);
    },
  );

  app.get(
    "/purchases/my",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "listMyPurchases",
        summary: "The caller's purchases of stories and premium, newest first.",
        tags: ["purchases"],
        security: bearerSecurity,
        querystring: PageQuery,
        response: { 200: PurchasePage, ...errorResponses(401, 422) },
      },
    },
    async (request) =>
      toPurchasePageJson(await listMyPurchases({ db }, signedInUser(request).id, request.query)),
  );

  app.get(
    "/purchases/:id",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "getPurchase",
        summary:
          "One of the caller's purchases. The return from checkout polls it until the webhook has confirmed it: reading never changes it.",
        tags: ["purchases"],
        security: bearerSecurity,
        params: PurchaseIdParams,
        response: { 200: PurchaseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      toPurchaseJson(await getMyPurchase({ db }, signedInUser(request).id, request.params.id)),
  );

  app.get(
    "/earnings/my",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "listMyEarnings",
        summary:
          "The caller's ledger as an author: their share of each sale and its reversal on refund, newest first, with totals.",
        tags: ["purchases"],
        security: bearerSecurity,
        querystring: PageQuery,
        response: { 200: EarningsPage, ...errorResponses(401, 422) },
      },
    },
    async (request) =>
      toEarningsPageJson(await listMyEarnings({ db }, signedInUser(request).id, request.query)),
  );
};
