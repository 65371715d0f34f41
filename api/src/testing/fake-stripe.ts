import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import {
  chargeRefunded,
  newLedger,
  publicSession,
  recordEvent,
  serveApiRequest,
  type FakeEvent,
  type FakeLedger,
  type FakeRefund,
  type FakeSession,
} from "./fake-stripe-api.js";

// A small in-memory Stripe for tests (docs/decisions/031-payments.md): the endpoints the api's
// StripeProvider calls, answered the way Stripe answers them (fake-stripe-api.ts), and the test's
// controls that play the customer and Stripe's dashboard: complete or expire a session, refund a
// payment, and deliver the resulting events — signed with Stripe's scheme by the SDK's own
// helper — to the real api's webhook over HTTP, once, again, several times at once, late or out
// of order.

export {
  FAKE_SECRET_KEY,
  type FakeEvent,
  type FakeRefund,
  type FakeSession,
} from "./fake-stripe-api.js";
export const FAKE_WEBHOOK_SECRET = "whsec_fake_storyloom";

export interface DeliveryOptions {
  /** Signs with this Unix time instead of now (an old timestamp is refused). */
  timestamp?: number;
  /** Changes the body after signing (a tampered event). */
  tamper?: (body: string) => string;
  /** Leaves the signature header out. */
  unsigned?: boolean;
}

export interface FakeStripe {
  /** Where the SDK is pointed: STRIPE_API_BASE. */
  url: string;
  /** The api's webhook route, set once the api listens. */
  webhookUrl: string | null;
  sessions: Map<string, FakeSession>;
  refunds: FakeRefund[];
  events: FakeEvent[];
  /** Every API request the fake answered: method, path and idempotency key. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | null }>;
  /** The customer pays; the completed event is delivered unless `deliver` is false. */
  complete(sessionId: string, deliver?: boolean): Promise<FakeEvent>;
  /** The session times out; the expired event is delivered unless `deliver` is false. */
  expire(sessionId: string, deliver?: boolean): Promise<FakeEvent>;
  /** A refund from Stripe's dashboard; charge.refunded is delivered unless `deliver` is false. */
  refund(paymentIntent: string, deliver?: boolean): Promise<FakeEvent>;
  /** A signed event of any type and object, recorded and delivered unless `deliver` is false. */
  emit(type: string, object: Record<string, unknown>, deliver?: boolean): Promise<FakeEvent>;
  /** Delivers a recorded event once; answers the webhook's status code. */
  deliver(eventId: string, options?: DeliveryOptions): Promise<number>;
  /** Delivers a recorded event `times` times at once; answers the status codes. */
  redeliver(eventId: string, times: number): Promise<number[]>;
  /** Resolves once every delivery the fake started on its own (after a refund call) is done. */
  settled(): Promise<void>;
  /** From now on, a refund's event reaches the webhook before the refund call is answered (or not). */
  deliverRefundEventsFirst(first: boolean): void;
  close(): Promise<void>;
}

/** Starts the fake on a free port of 127.0.0.1; the test sets webhookUrl once the api listens. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const ledger = newLedger();
  const server: Server = createServer((request, response) => {
    void serveApiRequest(ledger, fake, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const fake = fakeStripeOf(ledger, server, `http://127.0.0.1:${port}`);
  return fake;
}

/** The test's controls over the fake listening at `url`. */
function fakeStripeOf(ledger: FakeLedger, server: Server, url: string): FakeStripe {
  const { sessions, payments, refunds, events, requests, background } = ledger;
  const fake: FakeStripe = {
    url,
    webhookUrl: null,
    sessions,
    refunds,
    events,
    requests,
    async complete(sessionId, deliver = true) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status !== "open") throw new Error(`session ${sessionId} is ${session.status}`);
      const paymentIntent = ledger.next("pi");
      payments.set(paymentIntent, {
        amount: session.amount_total,
        metadata: session.paymentMetadata,
      });
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        payment_intent: paymentIntent,
      });
      const event = recordEvent(ledger, "checkout.session.completed", publicSession(session));
      if (deliver) await fake.deliver(event.id);
      return event;
    },
    async expire(sessionId, deliver = true) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status !== "open") throw new Error(`session ${sessionId} is ${session.status}`);
      session.status = "expired";
      const event = recordEvent(ledger, "checkout.session.expired", publicSession(session));
      if (deliver) await fake.deliver(event.id);
      return event;
    },
    async refund(paymentIntent, deliver = true) {
      const payment = payments.get(paymentIntent);
      if (!payment) throw new Error(`no payment ${paymentIntent}`);
      refunds.push({
        id: ledger.next("re"),
        payment_intent: paymentIntent,
        amount: payment.amount,
        idempotencyKey: null,
      });
      const event = chargeRefunded(ledger, paymentIntent);
      if (deliver) await fake.deliver(event.id);
      return event;
    },
    async emit(type, object, deliver = true) {
      const event = recordEvent(ledger, type, object);
      if (deliver) await fake.deliver(event.id);
      return event;
    },
    async deliver(eventId, options = {}) {
      const event = events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      if (fake.webhookUrl === null) throw new Error("the fake has no webhook URL yet");
      const payload = JSON.stringify(event, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: FAKE_WEBHOOK_SECRET,
        ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
      });
      const response = await fetch(fake.webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          ...(options.unsigned ? {} : { "stripe-signature": signature }),
        },
        body: options.tamper ? options.tamper(payload) : payload,
      });
      await response.arrayBuffer();
      return response.status;
    },
    async redeliver(eventId, times) {
      return Promise.all(Array.from({ length: times }, () => fake.deliver(eventId)));
    },
    deliverRefundEventsFirst(first) {
      ledger.refundEventsFirst = first;
    },
    async settled() {
      while (background.size > 0) await Promise.all([...background]);
    },
    async close() {
      await fake.settled();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
