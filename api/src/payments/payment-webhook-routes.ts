import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { Database } from "../platform/db/database.js";
import { recordPaymentEvent } from "./payment-events.js";
import { invalid, notFound } from "../platform/lib/errors.js";
import { WebhookSignatureError, type PaymentProvider } from "./payment-provider.js";
import { errorResponses } from "../platform/http/error-schema.js";

export interface PaymentWebhookRoutesOptions {
  db: Database;
  provider: PaymentProvider;
}

export const UNKNOWN_PROVIDER = "No payment provider of that name is configured here.";

/**
 * POST /payments/webhook/{provider}: the payment provider's signed events, the only way a purchase
 * becomes paid or refunded (docs/decisions/031-payments.md). The signature is checked over the
 * exact bytes received, so this plugin (and only it) reads JSON bodies as raw buffers. Answers:
 * 400 for a missing, wrong or old signature; 200 for an event handled, already handled, or not
 * ours; 500 when handling failed, so the provider delivers it again.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncTypebox<PaymentWebhookRoutesOptions> = async (
  app,
  options,
) => {
  const { provider } = options;
  const events = { db: options.db, provider, now: () => new Date() };
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    "/payments/webhook/:provider",
    {
      schema: {
        operationId: "receivePaymentWebhook",
        summary:
          "The payment provider's signed event (Stripe's format and Stripe-Signature header); not for browsers.",
        tags: ["payments"],
        security: [{}],
        params: Type.Object({
          provider: Type.String({
            maxLength: 32,
            description: "stripe, or local for the local test provider.",
          }),
        }),
        response: {
          200: Type.Object(
            {
              received: Type.Boolean(),
              outcome: Type.String({
                description:
                  "What handling did: applied, already-applied, duplicate, ignored, unknown-purchase, stale, refund-before-paid, duplicate-refunded.",
              }),
            },
            { additionalProperties: false },
          ),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      if (request.params.provider !== provider.name) throw notFound(UNKNOWN_PROVIDER);
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw invalid("body", "The event's body is missing.");
      let event;
      try {
        event = provider.verifyWebhook(raw, request.headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.info({ reason: error.message }, "refused a webhook event");
          // 400, as providers expect for an event that can never be accepted (not a 422 of a field).
          return reply
            .code(400)
            .send({ detail: error.message, code: "VALIDATION_FAILED", field: "stripe-signature" });
        }
        throw error;
      }
      const outcome = await recordPaymentEvent(events, event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, "payment event");
      return { received: true, outcome };
    },
  );
};
