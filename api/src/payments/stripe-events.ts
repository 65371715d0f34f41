import Stripe from "stripe";
import {
  WebhookSignatureError,
  type PaymentAction,
  type PaymentEvent,
} from "./payment-provider.js";
import type { PaidAmount } from "./purchase-rules.js";

// Both providers speak Stripe's event format and signature scheme (HMAC-SHA256 over
// "<timestamp>.<raw body>" in the Stripe-Signature header, 5 minutes of tolerance), so the code
// that checks a production webhook runs on every install (docs/decisions/031-payments.md).

export const SIGNATURE_HEADER = "stripe-signature";

/** Reads a Stripe-shaped event from the exact bytes received, or throws WebhookSignatureError. */
export function verifyStripeEvent(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
): PaymentEvent {
  const header = headers[SIGNATURE_HEADER];
  if (typeof header !== "string" || header === "") {
    throw new WebhookSignatureError("The Stripe-Signature header is missing.");
  }
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, header, secret);
  } catch (error) {
    throw new WebhookSignatureError(
      error instanceof Error && /tolerance/i.test(error.message)
        ? "The event's signature is too old."
        : "The event's signature does not match its body.",
    );
  }
  return normalize(event);
}

/** A signed Stripe-Signature header for `payload` (the local provider and the tests' fake). */
export function signStripeEvent(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

type Loose = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === "string" && value !== "" ? value : null;

/** An expandable field: an id, or the expanded object with its id. */
const idOf = (value: unknown): string | null =>
  text(value) ?? (value !== null && typeof value === "object" ? text((value as Loose).id) : null);

/** A checkout session's amount_total and currency, when it has both. */
function paidAmount(session: Loose): PaidAmount | null {
  const currency = text(session.currency);
  return typeof session.amount_total === "number" && currency !== null
    ? { amountCents: session.amount_total, currency }
    : null;
}

function normalize(event: Stripe.Event): PaymentEvent {
  const object = (event.data?.object ?? {}) as unknown as Loose;
  const metadata = (object.metadata ?? {}) as Loose;
  const base = {
    id: event.id,
    type: event.type,
    purchaseId: text(metadata.purchase_id),
    payload: event,
  };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const action: PaymentAction =
        event.type === "checkout.session.expired"
          ? "expired"
          : event.type === "checkout.session.async_payment_failed"
            ? "failed"
            : // A delayed payment method completes the session unpaid; its success event follows.
              object.payment_status === "paid"
              ? "completed"
              : "ignored";
      return {
        ...base,
        action,
        purchaseId: base.purchaseId ?? text(object.client_reference_id),
        sessionId: text(object.id),
        paymentId: idOf(object.payment_intent),
        paid: paidAmount(object),
      };
    }
    case "charge.refunded":
      return {
        ...base,
        // A partial refund leaves the purchase paid: only a full refund takes access away.
        action: object.refunded === true ? "refunded" : "ignored",
        sessionId: null,
        paymentId: idOf(object.payment_intent),
      };
    default:
      return { ...base, action: "ignored", sessionId: null, paymentId: null };
  }
}
