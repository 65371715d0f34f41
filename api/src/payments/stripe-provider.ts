import Stripe from "stripe";
import type { StripeSettings } from "./payment-settings.js";
import {
  PaymentProviderError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentProvider,
} from "./payment-provider.js";
import { verifyStripeEvent } from "./stripe-events.js";

/** Stripe Checkout through the official SDK (docs/decisions/031-payments.md). */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe";
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const base = settings.apiBase === null ? null : new URL(settings.apiBase);
    this.stripe = new Stripe(settings.secretKey, {
      // The SDK retries a failed call with the same idempotency key.
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === "https:" ? 443 : 80),
            protocol: base.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const metadata = { purchase_id: request.purchaseId };
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: request.purchaseId,
          metadata,
          // Copied to the payment, so a refund event names its purchase even before "completed".
          payment_intent_data: { metadata },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency,
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
        },
        // One purchase, one session: a retry or a second request replays the first answer.
        { idempotencyKey: `checkout:${request.purchaseId}` },
      );
      if (!session.url) throw new PaymentProviderError("Stripe returned a session without a URL.");
      return { sessionId: session.id, url: session.url };
    } catch (error) {
      throw asProviderError(error);
    }
  }

  async refund(paymentId: string, idempotencyKey: string): Promise<void> {
    try {
      await this.stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey });
    } catch (error) {
      throw asProviderError(error);
    }
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentEvent {
    return verifyStripeEvent(rawBody, headers, this.settings.webhookSecret);
  }
}

function asProviderError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  // Stripe's message names the problem (never the key); the type tells card from connection.
  const message = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(`Stripe: ${message}`, { cause: error });
}
