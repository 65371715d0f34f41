import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LIST_DEFAULT_SIZE } from "@storyloom/common";
import { Type } from "typebox";
import type { PaymentSettings } from "./payment-settings.js";
import type { Database } from "../platform/db/database.js";
import { PurchasesQueries, type PurchaseView } from "./purchases-queries.js";
import type { PurchaseRecord } from "../platform/db/schema.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import { assertCanView, isOwner } from "../stories/visibility-rules.js";
import { decodeKeyset, encodeKeyset } from "../platform/lib/cursor.js";
import { conflict, notFound, unavailable } from "../platform/lib/errors.js";
import { PaymentProviderError, type PaymentProvider } from "./payment-provider.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import {
  CheckoutResponse,
  EarningSchema,
  PurchaseIdParams,
  PurchaseSchema,
  toEarningJson,
  toPurchaseJson,
} from "./purchase-schemas.js";
import { listCursorParam, listSizeParam, StoryIdParams } from "../stories/story-schemas.js";

export interface PurchaseRoutesOptions {
  db: Database;
  guards: AuthGuards;
  provider: PaymentProvider;
  payments: PaymentSettings;
  /** The web app's address: where the checkout sends the browser back ("" for paths). */
  publicBaseUrl: string;
}

export const PURCHASE_NOT_FOUND = "Purchase not found.";
export const STORY_IS_FREE = "This story is free to read.";
export const OWN_STORY = "You wrote this story: it is already yours to read.";
export const PROVIDER_DOWN = "The payment service is not answering. Please try again in a moment.";

const PageQuery = Type.Object(
  { size: Type.Optional(listSizeParam), cursor: Type.Optional(listCursorParam) },
  { additionalProperties: false },
);

const nextCursor = Type.Union([Type.String(), Type.Null()], {
  description: "The cursor of the next page; null on the last.",
});

/** Where the browser comes back to: the story (or /my/purchases) with the purchase to confirm. */
export function returnUrls(base: string, purchase: Pick<PurchaseView, "id" | "storyPublicId">) {
  const page =
    purchase.storyPublicId === null
      ? `${base}/my/purchases`
      : `${base}/stories/${encodeURIComponent(purchase.storyPublicId)}`;
  return {
    successUrl: `${page}?purchase=${encodeURIComponent(purchase.id)}`,
    cancelUrl: `${page}?purchase=${encodeURIComponent(purchase.id)}&checkout=cancelled`,
  };
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
  const { guards, provider, payments } = options;
  const purchases = new PurchasesQueries(options.db);
  const storiesQueries = new StoriesQueries(options.db);

  /** The purchase's checkout session, created once: a second caller gets the same one back. */
  async function checkoutOf(
    purchase: PurchaseRecord,
    description: string,
    email: string | null,
  ): Promise<string> {
    if (purchase.checkoutUrl !== null) return purchase.checkoutUrl;
    const view = await purchases.findById(purchase.id);
    if (view === null) throw notFound(PURCHASE_NOT_FOUND);
    try {
      const session = await provider.createCheckout({
        purchaseId: purchase.id,
        description,
        amountCents: purchase.amountCents,
        currency: purchase.currency,
        customerEmail: email,
        ...returnUrls(options.publicBaseUrl, view),
      });
      await purchases.setCheckout(purchase.id, session.sessionId, session.url);
      return session.url;
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        app.log.warn({ err: error, purchaseId: purchase.id }, "could not start a checkout");
        throw unavailable(PROVIDER_DOWN);
      }
      throw error;
    }
  }

  async function answer(purchase: PurchaseRecord, checkoutUrl: string | null) {
    const view = await purchases.findById(purchase.id);
    if (view === null) throw notFound(PURCHASE_NOT_FOUND);
    return { purchase: toPurchaseJson(view), checkout_url: checkoutUrl };
  }

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
      const buyer = signedInUser(request);
      const story = await storiesQueries.findByPublicId(request.params.id);
      assertCanView(story, buyer.id);
      if (isOwner(story, buyer.id)) throw conflict("NOT_FOR_SALE", OWN_STORY);
      const open = await purchases.findOpenStoryPurchase(buyer.id, story.id);
      if (open?.status === "paid") return answer(open, null);
      if (story.priceCents === null) throw conflict("NOT_FOR_SALE", STORY_IS_FREE);
      const created =
        open === null
          ? await purchases.insert({
              userId: buyer.id,
              kind: "story",
              storyId: story.id,
              storyTitle: story.title,
              authorId: story.authorId,
              amountCents: story.priceCents,
              currency: payments.currency,
              authorShareCents: Math.floor((story.priceCents * payments.authorSharePercent) / 100),
              premiumDays: null,
              provider: provider.name,
            })
          : null;
      // A concurrent click inserted first: its purchase is this one too.
      const purchase =
        created ?? open ?? (await purchases.findOpenStoryPurchase(buyer.id, story.id));
      if (purchase === null) throw notFound(PURCHASE_NOT_FOUND);
      if (purchase.status === "paid") return answer(purchase, null);
      const url = await checkoutOf(purchase, story.title, buyer.email);
      reply.code(created === null ? 200 : 201);
      return answer(purchase, url);
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
      const buyer = signedInUser(request);
      const open = await purchases.findPendingPremium(buyer.id);
      const purchase =
        open ??
        (await purchases.insert({
          userId: buyer.id,
          kind: "premium",
          storyId: null,
          storyTitle: null,
          authorId: null,
          amountCents: payments.premiumPriceCents,
          currency: payments.currency,
          authorShareCents: 0,
          premiumDays: payments.premiumDays,
          provider: provider.name,
        }));
      if (purchase === null) throw new Error("inserting a premium purchase returned no row");
      const description = `Storyloom Premium, ${purchase.premiumDays ?? payments.premiumDays} days`;
      const url = await checkoutOf(purchase, description, buyer.email);
      reply.code(open === null ? 201 : 200);
      return answer(purchase, url);
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
        response: {
          200: Type.Object(
            { items: Type.Array(PurchaseSchema), next_cursor: nextCursor },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request) => {
      const buyer = signedInUser(request);
      const size = request.query.size ?? LIST_DEFAULT_SIZE;
      const after =
        request.query.cursor === undefined ? null : decodeKeyset("purchases", request.query.cursor);
      const rows = await purchases.listByUser(buyer.id, size + 1, after);
      const shown = rows.slice(0, size);
      const last = shown.at(-1);
      return {
        items: shown.map((row) => toPurchaseJson(row.item)),
        next_cursor: rows.length > size && last ? encodeKeyset("purchases", last.position) : null,
      };
    },
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
    async (request) => {
      const buyer = signedInUser(request);
      const purchase = await purchases.findById(request.params.id);
      if (purchase === null || purchase.userId !== buyer.id) throw notFound(PURCHASE_NOT_FOUND);
      return toPurchaseJson(purchase);
    },
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
        response: {
          200: Type.Object(
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
          ),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request) => {
      const author = signedInUser(request);
      const size = request.query.size ?? LIST_DEFAULT_SIZE;
      const after =
        request.query.cursor === undefined ? null : decodeKeyset("earnings", request.query.cursor);
      const { rows, totals } = await purchases.earningsOf(author.id, size + 1, after);
      const shown = rows.slice(0, size);
      const last = shown.at(-1);
      return {
        items: shown.map((row) => toEarningJson(row.item)),
        next_cursor: rows.length > size && last ? encodeKeyset("earnings", last.position) : null,
        totals: totals.map((total) => ({
          currency: total.currency,
          amount_cents: total.amountCents,
        })),
      };
    },
  );
};
