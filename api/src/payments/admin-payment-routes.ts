import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { Type } from "typebox";
import type { Database } from "../platform/db/database.js";
import { PurchasesQueries } from "./purchases-queries.js";
import { users } from "../platform/db/schema.js";
import { ADMINS_ONLY } from "../discovery/category-rules.js";
import { conflict, forbidden, notFound, unavailable } from "../platform/lib/errors.js";
import { PaymentProviderError, type PaymentProvider } from "./payment-provider.js";
import { apiIdSchema } from "../platform/http/api-id-schema.js";
import { signedInUser } from "../people/auth-guards.js";
import type { AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { PURCHASE_NOT_FOUND, PROVIDER_DOWN } from "./purchase-routes.js";
import { PurchaseIdParams, PurchaseSchema, toPurchaseJson } from "./purchase-schemas.js";
import { USER_NOT_FOUND } from "../people/people-rules.js";

export interface AdminPaymentRoutesOptions {
  db: Database;
  guards: AuthGuards;
  provider: PaymentProvider;
}

export const NOT_REFUNDABLE = "Only a paid purchase can be refunded.";
export const MAX_GRANT_DAYS = 3650;

const AdminPurchaseSchema = Type.Object(
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

const PaymentEventSchema = Type.Object(
  {
    event_id: Type.String(),
    type: Type.String({ description: "The provider's event type, or admin.refund." }),
    outcome: Type.Union([Type.String(), Type.Null()], { description: "What handling it did." }),
    received_at: Type.String({ format: "date-time" }),
    payload: Type.Unknown({ description: "The event as received." }),
  },
  { additionalProperties: false },
);

const PremiumStatus = Type.Object(
  {
    user_id: Type.String(),
    premium_until: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
      description: "The user's premium end after the change; null: no grant left.",
    }),
    is_premium: Type.Boolean(),
  },
  { additionalProperties: false },
);

const UserIdParams = Type.Object({ id: apiIdSchema("The user's id") });

/**
 * The admins' side of payments (docs/product.md#purchases-and-premium): search purchases, refund
 * one, read its event log; grant or revoke premium. Admins only (403 for anyone else).
 */
export const adminPaymentRoutes: FastifyPluginAsyncTypebox<AdminPaymentRoutesOptions> = async (
  app,
  options,
) => {
  const { db, guards, provider } = options;
  const purchases = new PurchasesQueries(db);
  const adminsOnly = {
    onRequest: guards.requireUser,
    preValidation: async (request: FastifyRequest) => {
      if (!signedInUser(request).roles.includes("admin")) throw forbidden(ADMINS_ONLY);
    },
  };

  app.get(
    "/admin/purchases",
    {
      ...adminsOnly,
      schema: {
        operationId: "searchPurchases",
        summary:
          "Purchases whose buyer's username or e-mail, or story title, contains q (any case), newest first; all without q.",
        tags: ["admin"],
        security: bearerSecurity,
        querystring: Type.Object(
          {
            q: Type.Optional(Type.String({ maxLength: 200, description: "What to look for." })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(AdminPurchaseSchema), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const rows = await purchases.search(request.query.q?.trim() ?? "", request.query.limit ?? 50);
      return rows.map((row) => ({
        ...toPurchaseJson(row),
        buyer_id: row.userId,
        buyer_username: row.buyerUsername,
        buyer_email: row.buyerEmail,
        provider: row.provider,
        provider_payment_id: row.providerPaymentId,
      }));
    },
  );

  app.post(
    "/admin/purchases/:id/refund",
    {
      ...adminsOnly,
      schema: {
        operationId: "refundPurchase",
        summary:
          "Refunds a paid purchase in full through the provider: the buyer loses access, the author's share is reversed.",
        tags: ["admin"],
        security: bearerSecurity,
        params: PurchaseIdParams,
        response: { 200: PurchaseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = signedInUser(request);
      const purchase = await purchases.findById(request.params.id);
      if (purchase === null) throw notFound(PURCHASE_NOT_FOUND);
      if (purchase.status === "refunded") return toPurchaseJson(purchase);
      if (purchase.status !== "paid" || purchase.providerPaymentId === null) {
        throw conflict("INVALID_TRANSITION", NOT_REFUNDABLE, { status: purchase.status });
      }
      try {
        await provider.refund(purchase.providerPaymentId, `refund:admin:${purchase.id}`);
      } catch (error) {
        if (error instanceof PaymentProviderError) {
          request.log.warn({ err: error, purchaseId: purchase.id }, "a refund failed");
          throw unavailable(PROVIDER_DOWN);
        }
        throw error;
      }
      const refunded = await purchases.refundByAdmin(purchase.id, admin.id);
      if (refunded === null) throw notFound(PURCHASE_NOT_FOUND);
      return toPurchaseJson(refunded);
    },
  );

  app.get(
    "/admin/purchases/:id/events",
    {
      ...adminsOnly,
      schema: {
        operationId: "listPurchaseEvents",
        summary: "The provider events (and admin refunds) of one purchase, oldest first.",
        tags: ["admin"],
        security: bearerSecurity,
        params: PurchaseIdParams,
        response: { 200: Type.Array(PaymentEventSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      if ((await purchases.findById(request.params.id)) === null) {
        throw notFound(PURCHASE_NOT_FOUND);
      }
      const events = await purchases.events(request.params.id);
      return events.map((event) => ({
        event_id: event.eventId,
        type: event.type,
        outcome: event.outcome,
        received_at: event.receivedAt.toISOString(),
        payload: event.payload,
      }));
    },
  );

  async function premiumAnswer(userId: string, premiumUntil: Date | null) {
    return {
      user_id: userId,
      premium_until: premiumUntil?.toISOString() ?? null,
      is_premium: premiumUntil !== null && premiumUntil.getTime() > Date.now(),
    };
  }

  async function assertUser(id: string) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (!user) throw notFound(USER_NOT_FOUND);
  }

  app.post(
    "/admin/users/:id/premium",
    {
      ...adminsOnly,
      schema: {
        operationId: "grantPremium",
        summary: "Grants a user premium for a number of days from now.",
        tags: ["admin"],
        security: bearerSecurity,
        params: UserIdParams,
        body: Type.Object(
          {
            days: Type.Integer({
              minimum: 1,
              maximum: MAX_GRANT_DAYS,
              description: `1 to ${MAX_GRANT_DAYS}.`,
            }),
          },
          { additionalProperties: false },
        ),
        response: { 200: PremiumStatus, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await assertUser(request.params.id);
      const until = await purchases.grantPremium(
        request.params.id,
        signedInUser(request).id,
        request.body.days,
      );
      return premiumAnswer(request.params.id, until);
    },
  );

  app.delete(
    "/admin/users/:id/premium",
    {
      ...adminsOnly,
      schema: {
        operationId: "revokePremium",
        summary: "Revokes a user's admin grants of premium; periods they bought stay.",
        tags: ["admin"],
        security: bearerSecurity,
        params: UserIdParams,
        response: { 200: PremiumStatus, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await assertUser(request.params.id);
      return premiumAnswer(
        request.params.id,
        await purchases.revokeAdminPremium(request.params.id),
      );
    },
  );
};
