import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { Database } from "../platform/db/database.js";
import { ADMINS_ONLY } from "../discovery/category-rules.js";
import { forbidden } from "../platform/lib/errors.js";
import type { PaymentProvider } from "./payment-provider.js";
import { grantPremium, revokePremium } from "./premium.js";
import { listPurchaseEvents, searchPurchases } from "./purchase-reads.js";
import { refundPurchase } from "./refunds.js";
import { signedInUser } from "../people/auth-guards.js";
import type { AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { PurchaseIdParams, PurchaseSchema, toPurchaseJson } from "./purchase-schemas.js";
import {
  AdminPurchaseSchema,
  GrantPremiumBody,
  PaymentEventSchema,
  PremiumStatusSchema,
  PurchaseSearchQuery,
  toAdminPurchaseJson,
  toPaymentEventJson,
  toPremiumStatusJson,
  UserIdParams,
} from "./admin-payment-schemas.js";

export interface AdminPaymentRoutesOptions {
  db: Database;
  guards: AuthGuards;
  provider: PaymentProvider;
}

/**
 * The admins' side of payments (docs/product.md#purchases-and-premium): search purchases, refund
 * one, read its event log; grant or revoke premium. Admins only (403 for anyone else).
 */
export const adminPaymentRoutes: FastifyPluginAsyncTypebox<AdminPaymentRoutesOptions> = async (
  app,
  options,
) => {
  const { db, guards, provider } = options;
  const now = () => new Date();
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
        querystring: PurchaseSearchQuery,
        response: { 200: Type.Array(AdminPurchaseSchema), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const search = { query: request.query.q ?? "", limit: request.query.limit ?? 50 };
      return (await searchPurchases({ db }, search)).map(toAdminPurchaseJson);
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
      const refund = { purchaseId: request.params.id, adminId: signedInUser(request).id };
      const deps = { db, provider, now, log: request.log };
      return toPurchaseJson(await refundPurchase(deps, refund));
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
    async (request) =>
      (await listPurchaseEvents({ db }, request.params.id)).map(toPaymentEventJson),
  );

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
        body: GrantPremiumBody,
        response: { 200: PremiumStatusSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const grant = {
        userId: request.params.id,
        adminId: signedInUser(request).id,
        days: request.body.days,
      };
      return toPremiumStatusJson(await grantPremium({ db, now }, grant));
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
        response: { 200: PremiumStatusSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => toPremiumStatusJson(await revokePremium({ db, now }, request.params.id)),
  );
};
