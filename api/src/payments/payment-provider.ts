import type { PaidAmount, PaymentAction } from "./purchase-rules.js";

// What the api needs from a payment provider (docs/decisions/031-payments.md): a hosted checkout
// for one purchase, a refund, and the provider's signed events read into the few facts that move a
// purchase forward. Stripe in production; the local test provider when no keys are set.

/** The providers a purchase row can name (purchases.provider) and the webhook route accepts. */
export type ProviderName = "stripe" | "local";

export interface CheckoutRequest {
  /** Our purchase id: the session carries it back in every event (metadata.purchase_id). */
  purchaseId: string;
  /** What the buyer sees on the checkout page ("The Lantern Keeper", "Storyloom Premium, 30 days"). */
  description: string;
  amountCents: number;
  currency: string;
  /** Where the browser returns after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | null;
}

export interface CheckoutSession {
  sessionId: string;
  /** The hosted page the browser goes to. */
  url: string;
}

/** What one provider event means for a purchase (purchase-rules.ts decides what it does). */
export type { PaymentAction };

export interface PaymentEvent {
  /** The provider's event id: delivered twice, it is handled once (payment_events' key). */
  id: string;
  /** The provider's own type (`checkout.session.completed`), kept in the event log. */
  type: string;
  action: PaymentAction;
  /** Our purchase id, when the event carries it (metadata.purchase_id). */
  purchaseId: string | null;
  sessionId: string | null;
  /** The provider's payment (a Stripe PaymentIntent id): how refunds find their purchase. */
  paymentId: string | null;
  /** What the buyer paid, for a completed checkout (amount_total and currency). */
  paid?: PaidAmount | null;
  /** The event as received, for the admin's event log. */
  payload: unknown;
}

/** The signature is missing, wrong or too old: answered 400, and nothing is recorded. */
export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/** The provider refused or could not be reached; the caller answers 503 or lets the event retry. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** One checkout session per purchase: asked twice for a purchase, the provider answers the same one. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Refunds a payment in full; the same key twice refunds once. */
  refund(paymentId: string, idempotencyKey: string): Promise<void>;
  /** The event in a webhook's raw body, once its signature over those exact bytes is checked. */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentEvent;
}
