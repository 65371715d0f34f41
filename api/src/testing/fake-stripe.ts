import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

// A small in-memory Stripe for tests (docs/decisions/031-payments.md): the endpoints the api's
// StripeProvider calls, answered the way Stripe answers them (form-encoded requests, idempotency
// keys replayed, JSON errors), and the test's controls that play the customer and Stripe's
// dashboard: complete or expire a session, refund a payment, and deliver the resulting events —
// signed with Stripe's scheme by the SDK's own helper — to the real api's webhook over HTTP, once,
// again, several times at once, late or out of order.

export const FAKE_SECRET_KEY = "sk_test_fake_storyloom";
export const FAKE_WEBHOOK_SECRET = "whsec_fake_storyloom";

export interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
  /** Not Stripe's: the metadata its PaymentIntent will get (payment_intent_data[metadata]). */
  paymentMetadata: Record<string, string>;
}

export interface FakeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  livemode: false;
  data: { object: Record<string, unknown> };
}

export interface FakeRefund {
  id: string;
  payment_intent: string;
  amount: number;
  idempotencyKey: string | null;
}

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
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** The bracketed form fields under `prefix[...]` as one flat record (metadata, for example). */
function bracketed(form: URLSearchParams, prefix: string): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = key.startsWith(`${prefix}[`)
      ? /^\[([^\]]+)\]$/.exec(key.slice(prefix.length))
      : null;
    if (match?.[1] !== undefined) record[match[1]] = value;
  }
  return record;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let counter = 0;
  const next = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, "0")}`;
  const sessions = new Map<string, FakeSession>();
  const payments = new Map<string, { amount: number; metadata: Record<string, string> }>();
  const refunds: FakeRefund[] = [];
  const events: FakeEvent[] = [];
  const requests: FakeStripe["requests"] = [];
  // Stripe replays the first answer to a key (docs.stripe.com/idempotency).
  const replays = new Map<string, { status: number; body: unknown }>();
  const background = new Set<Promise<unknown>>();

  function send(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  }

  const missing = (what: string) => ({
    status: 404,
    body: {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${what}`,
      },
    },
  });

  function recordEvent(type: string, object: Record<string, unknown>): FakeEvent {
    const event: FakeEvent = {
      id: next("evt"),
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    };
    events.push(event);
    return event;
  }

  function publicSession(session: FakeSession): Record<string, unknown> {
    const { paymentMetadata: _hidden, ...rest } = session;
    return rest;
  }

  function chargeRefunded(paymentIntent: string): FakeEvent {
    const payment = payments.get(paymentIntent);
    return recordEvent("charge.refunded", {
      id: `ch_${paymentIntent}`,
      object: "charge",
      payment_intent: paymentIntent,
      amount: payment?.amount ?? 0,
      amount_refunded: payment?.amount ?? 0,
      refunded: true,
      // A charge carries its PaymentIntent's metadata.
      metadata: payment?.metadata ?? {},
    });
  }

  function inBackground(work: Promise<unknown>): void {
    const settled = work.catch(() => undefined);
    background.add(settled);
    void settled.finally(() => background.delete(settled));
  }

  function handle(method: string, path: string, form: URLSearchParams) {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = next("cs_test");
      const session: FakeSession = {
        id,
        object: "checkout.session",
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        url: `${fake.url}/checkout/${id}`,
        client_reference_id: form.get("client_reference_id"),
        metadata: bracketed(form, "metadata"),
        amount_total: Number(form.get("line_items[0][price_data][unit_amount]") ?? 0),
        currency: form.get("line_items[0][price_data][currency]") ?? "usd",
        payment_intent: null,
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
        customer_email: form.get("customer_email"),
        paymentMetadata: bracketed(form, "payment_intent_data[metadata]"),
      };
      if (form.get("mode") !== "payment" || !session.success_url) {
        return {
          status: 400,
          body: {
            error: { type: "invalid_request_error", message: "mode and success_url are required" },
          },
        };
      }
      sessions.set(id, session);
      return { status: 200, body: publicSession(session) };
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (sessionPath?.[1] !== undefined) {
      const session = sessions.get(sessionPath[1]);
      if (!session) return missing(`checkout.session: '${sessionPath[1]}'`);
      if (method === "GET" && !sessionPath[2]) return { status: 200, body: publicSession(session) };
      if (method === "POST" && sessionPath[2]) {
        session.status = "expired";
        return { status: 200, body: publicSession(session) };
      }
    }
    if (method === "POST" && path === "/v1/refunds") {
      const paymentIntent = form.get("payment_intent") ?? "";
      const payment = payments.get(paymentIntent);
      if (!payment) return missing(`payment_intent: '${paymentIntent}'`);
      if (refunds.some((refund) => refund.payment_intent === paymentIntent)) {
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              code: "charge_already_refunded",
              message: `Charge ch_${paymentIntent} has already been refunded.`,
            },
          },
        };
      }
      const refund: FakeRefund = {
        id: next("re"),
        payment_intent: paymentIntent,
        amount: payment.amount,
        idempotencyKey: null,
      };
      refunds.push(refund);
      // Stripe tells the webhook after answering the API call.
      const event = chargeRefunded(paymentIntent);
      inBackground(
        new Promise((resolve) => setImmediate(resolve)).then(() => fake.deliver(event.id)),
      );
      return {
        status: 200,
        body: {
          id: refund.id,
          object: "refund",
          payment_intent: paymentIntent,
          amount: refund.amount,
          status: "succeeded",
        },
      };
    }
    return missing(`route: ${method} ${path}`);
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const method = request.method ?? "GET";
      const path = (request.url ?? "/").split("?")[0] ?? "/";
      const key = (request.headers["idempotency-key"] as string | undefined) ?? null;
      requests.push({ method, path, idempotencyKey: key });
      if (request.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
        send(response, 401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided" },
        });
        return;
      }
      const form = new URLSearchParams(await readBody(request));
      const replayKey = key === null ? null : `${method} ${path} ${key}`;
      const replay = replayKey === null ? undefined : replays.get(replayKey);
      if (replay) {
        response.setHeader("idempotent-replayed", "true");
        send(response, replay.status, replay.body);
        return;
      }
      const answer = handle(method, path, form);
      if (path === "/v1/refunds" && answer.status === 200) {
        const refund = refunds.at(-1);
        if (refund) refund.idempotencyKey = key;
      }
      if (replayKey !== null && method === "POST") replays.set(replayKey, answer);
      send(response, answer.status, answer.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    webhookUrl: null,
    sessions,
    refunds,
    events,
    requests,
    async complete(sessionId, deliver = true) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status !== "open") throw new Error(`session ${sessionId} is ${session.status}`);
      const paymentIntent = next("pi");
      payments.set(paymentIntent, {
        amount: session.amount_total,
        metadata: session.paymentMetadata,
      });
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        payment_intent: paymentIntent,
      });
      const event = recordEvent("checkout.session.completed", publicSession(session));
      if (deliver) await fake.deliver(event.id);
      return event;
    },
    async expire(sessionId, deliver = true) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status !== "open") throw new Error(`session ${sessionId} is ${session.status}`);
      session.status = "expired";
      const event = recordEvent("checkout.session.expired", publicSession(session));
      if (deliver) await fake.deliver(event.id);
      return event;
    },
    async refund(paymentIntent, deliver = true) {
      const payment = payments.get(paymentIntent);
      if (!payment) throw new Error(`no payment ${paymentIntent}`);
      refunds.push({
        id: next("re"),
        payment_intent: paymentIntent,
        amount: payment.amount,
        idempotencyKey: null,
      });
      const event = chargeRefunded(paymentIntent);
      if (deliver) await fake.deliver(event.id);
      return event;
    },
    async emit(type, object, deliver = true) {
      const event = recordEvent(type, object);
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
