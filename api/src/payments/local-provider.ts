import { randomBytes } from "node:crypto";
import {
  PaymentProviderError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentProvider,
} from "./payment-provider.js";
import { SIGNATURE_HEADER, signStripeEvent, verifyStripeEvent } from "./stripe-events.js";

// The provider of a machine without Stripe keys (never production: payments-config.ts): its
// checkout is the web app's own clearly labelled test page, and "paying" there makes this provider
// send a Stripe-shaped event, signed with Stripe's scheme and this process's secret, to the api's
// own webhook route, so a local purchase takes exactly the production path from signature check to
// access (docs/decisions/031-payments.md). Its sessions are derived from the purchase, so a
// restart loses nothing.

const SESSION_PREFIX = "cs_local_";
const PAYMENT_PREFIX = "pi_local_";

/** Sends one signed webhook request to the api's own route; answers its status code. */
export type WebhookDelivery = (body: string, headers: Record<string, string>) => Promise<number>;

export const localSessionId = (purchaseId: string) => `${SESSION_PREFIX}${purchaseId}`;
export const localPaymentId = (purchaseId: string) => `${PAYMENT_PREFIX}${purchaseId}`;

/** The purchase id inside a local session id, or null for anything else. */
export function purchaseIdOfLocalSession(sessionId: string): string | null {
  return sessionId.startsWith(SESSION_PREFIX) ? sessionId.slice(SESSION_PREFIX.length) : null;
}

/** What a local event says about its purchase (the fields the webhook reads). */
export interface LocalPurchaseFacts {
  purchaseId: string;
  amountCents: number;
  currency: string;
}

export class LocalProvider implements PaymentProvider {
  readonly name = "local";
  private readonly secret = `whsec_local_${randomBytes(24).toString("hex")}`;
  private readonly refunded = new Set<string>();
  private delivery: WebhookDelivery | null = null;
  private readonly pending = new Set<Promise<unknown>>();

  /** The app's own webhook route, set once the app exists (app.ts). */
  deliverThrough(delivery: WebhookDelivery): void {
    this.delivery = delivery;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const sessionId = localSessionId(request.purchaseId);
    // A page of the web app itself: a path, right wherever the app is served.
    return { sessionId, url: `/checkout/test/${sessionId}` };
  }

  /** The buyer pressed Pay on the test page: the session completes, paid. */
  async complete(facts: LocalPurchaseFacts): Promise<void> {
    await this.send("checkout.session.completed", this.sessionObject(facts, "complete", "paid"));
  }

  /** The buyer pressed Cancel: the session expires, as an abandoned Stripe session does. */
  async expire(facts: LocalPurchaseFacts): Promise<void> {
    await this.send("checkout.session.expired", this.sessionObject(facts, "expired", "unpaid"));
  }

  /** Refunds at once; the charge.refunded event follows after the caller's work, as Stripe's does. */
  async refund(paymentId: string, idempotencyKey: string): Promise<void> {
    if (!paymentId.startsWith(PAYMENT_PREFIX)) {
      throw new PaymentProviderError(`No such local payment: ${paymentId}`);
    }
    if (this.refunded.has(idempotencyKey) || this.refunded.has(paymentId)) return;
    this.refunded.add(idempotencyKey).add(paymentId);
    const purchaseId = paymentId.slice(PAYMENT_PREFIX.length);
    const event = this.send("charge.refunded", {
      id: `ch_local_${purchaseId}`,
      object: "charge",
      payment_intent: paymentId,
      refunded: true,
      metadata: { purchase_id: purchaseId },
    });
    const settled = event.catch(() => undefined);
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
  }

  /** Waits for the refund events still being delivered (the app waits before closing). */
  async settle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): PaymentEvent {
    return verifyStripeEvent(rawBody, headers, this.secret);
  }

  private sessionObject(facts: LocalPurchaseFacts, status: string, paymentStatus: string) {
    return {
      id: localSessionId(facts.purchaseId),
      object: "checkout.session",
      mode: "payment",
      status,
      payment_status: paymentStatus,
      client_reference_id: facts.purchaseId,
      metadata: { purchase_id: facts.purchaseId },
      amount_total: facts.amountCents,
      currency: facts.currency,
      payment_intent: paymentStatus === "paid" ? localPaymentId(facts.purchaseId) : null,
    };
  }

  private async send(type: string, object: Record<string, unknown>): Promise<void> {
    if (this.delivery === null) throw new PaymentProviderError("The local provider is not wired.");
    const body = JSON.stringify({
      id: `evt_local_${randomBytes(12).toString("hex")}`,
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    const status = await this.delivery(body, {
      "content-type": "application/json",
      [SIGNATURE_HEADER]: signStripeEvent(body, this.secret),
    });
    if (status !== 200) {
      throw new PaymentProviderError(`The webhook answered ${status} to a local ${type} event.`);
    }
  }
}
