import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Database } from "../platform/db/database.js";
import type { LocalProvider } from "./local-provider.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { cancelTestCheckout, openTestCheckout, payTestCheckout } from "./test-checkouts.js";
import {
  Redirect,
  SessionParams,
  TestCheckoutSchema,
  toTestCheckoutJson,
} from "./test-checkout-schemas.js";

export interface TestCheckoutRoutesOptions {
  db: Database;
  guards: AuthGuards;
  /** Null when real Stripe is configured: then these routes answer 404. */
  local: LocalProvider | null;
  publicBaseUrl: string;
}

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
  const { guards } = options;
  const deps = { db: options.db, local: options.local, publicBaseUrl: options.publicBaseUrl };
  const press = { pay: payTestCheckout, cancel: cancelTestCheckout };

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
      const checkout = await openTestCheckout(
        deps,
        signedInUser(request).id,
        request.params.session_id,
      );
      return toTestCheckoutJson(checkout);
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
        const pressed = await press[action](
          deps,
          signedInUser(request).id,
          request.params.session_id,
        );
        return { redirect_url: pressed.redirectUrl };
      },
    );
  }
};
