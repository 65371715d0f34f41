import type { IncomingMessage, ServerResponse } from "node:http";

// Stripe's API as the fake Stripe answers it (fake-stripe.ts): the endpoints the api's
// StripeProvider calls, form-encoded requests, idempotency keys replayed, JSON errors, and what
// the fake keeps between calls.

export const FAKE_SECRET_KEY = "sk_test_fake_storyloom";

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

/** Where the fake listens, and how it tells the api's webhook of an event. */
export interface FakeEndpoint {
  url: string;
  deliver(eventId: string): Promise<number>;
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

/** What the fake keeps between calls. */
export interface FakeLedger {
  /** A new id with Stripe's prefix (cs_test, pi, re, evt). */
  next(prefix: string): string;
  sessions: Map<string, FakeSession>;
  payments: Map<string, { amount: number; metadata: Record<string, string> }>;
  refunds: FakeRefund[];
  events: FakeEvent[];
  /** Every API request the fake answered: method, path and idempotency key. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | null }>;
  /** Stripe replays the first answer to a key (docs.stripe.com/idempotency). */
  replays: Map<string, ApiAnswer>;
  /** Deliveries the fake started on its own. */
  background: Set<Promise<unknown>>;
  /**
   * When true, a refund's charge.refunded event is delivered before the refund call is answered:
   * the webhook overtakes the caller, as it can on a busy machine.
   */
  refundEventsFirst: boolean;
}

interface ApiAnswer {
  status: number;
  body: unknown;
}

export function newLedger(): FakeLedger {
  let counter = 0;
  return {
    next: (prefix) => `${prefix}_fake${String(++counter).padStart(6, "0")}`,
    sessions: new Map(),
    payments: new Map(),
    refunds: [],
    events: [],
    requests: [],
    replays: new Map(),
    background: new Set(),
    refundEventsFirst: false,
  };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

const missing = (what: string): ApiAnswer => ({
  status: 404,
  body: {
    error: {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such ${what}`,
    },
  },
});

export function recordEvent(
  ledger: FakeLedger,
  type: string,
  object: Record<string, unknown>,
): FakeEvent {
  const event: FakeEvent = {
    id: ledger.next("evt"),
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  };
  ledger.events.push(event);
  return event;
}

export function publicSession(session: FakeSession): Record<string, unknown> {
  const { paymentMetadata: _hidden, ...rest } = session;
  return rest;
}

export function chargeRefunded(ledger: FakeLedger, paymentIntent: string): FakeEvent {
  const payment = ledger.payments.get(paymentIntent);
  return recordEvent(ledger, "charge.refunded", {
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

function inBackground(ledger: FakeLedger, work: Promise<unknown>): void {
  const settled = work.catch(() => undefined);
  ledger.background.add(settled);
  void settled.finally(() => ledger.background.delete(settled));
}

/** POST /v1/checkout/sessions. */
function createSession(ledger: FakeLedger, fake: FakeEndpoint, form: URLSearchParams): ApiAnswer {
  const id = ledger.next("cs_test");
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
  ledger.sessions.set(id, session);
  return { status: 200, body: publicSession(session) };
}

/** POST /v1/refunds: a refund through the API, told to the webhook after the answer. */
function createRefund(ledger: FakeLedger, fake: FakeEndpoint, form: URLSearchParams): ApiAnswer {
  const paymentIntent = form.get("payment_intent") ?? "";
  const payment = ledger.payments.get(paymentIntent);
  if (!payment) return missing(`payment_intent: '${paymentIntent}'`);
  if (ledger.refunds.some((refund) => refund.payment_intent === paymentIntent)) {
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
    id: ledger.next("re"),
    payment_intent: paymentIntent,
    amount: payment.amount,
    idempotencyKey: null,
  };
  ledger.refunds.push(refund);
  // Stripe tells the webhook after answering the API call.
  const event = chargeRefunded(ledger, paymentIntent);
  inBackground(
    ledger,
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

function answerApiCall(
  ledger: FakeLedger,
  fake: FakeEndpoint,
  method: string,
  path: string,
  form: URLSearchParams,
): ApiAnswer {
  if (method === "POST" && path === "/v1/checkout/sessions") {
    return createSession(ledger, fake, form);
  }
  const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
  if (sessionPath?.[1] !== undefined) {
    const session = ledger.sessions.get(sessionPath[1]);
    if (!session) return missing(`checkout.session: '${sessionPath[1]}'`);
    if (method === "GET" && !sessionPath[2]) return { status: 200, body: publicSession(session) };
    if (method === "POST" && sessionPath[2]) {
      session.status = "expired";
      return { status: 200, body: publicSession(session) };
    }
  }
  if (method === "POST" && path === "/v1/refunds") return createRefund(ledger, fake, form);
  return missing(`route: ${method} ${path}`);
}

/** One API request as Stripe answers it: the secret key checked, an idempotency key replayed. */
export async function serveApiRequest(
  ledger: FakeLedger,
  fake: FakeEndpoint,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const method = request.method ?? "GET";
  const path = (request.url ?? "/").split("?")[0] ?? "/";
  const key = (request.headers["idempotency-key"] as string | undefined) ?? null;
  ledger.requests.push({ method, path, idempotencyKey: key });
  if (request.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
    send(response, 401, {
      error: { type: "invalid_request_error", message: "Invalid API Key provided" },
    });
    return;
  }
  const form = new URLSearchParams(await readBody(request));
  const replayKey = key === null ? null : `${method} ${path} ${key}`;
  const replay = replayKey === null ? undefined : ledger.replays.get(replayKey);
  if (replay) {
    response.setHeader("idempotent-replayed", "true");
    send(response, replay.status, replay.body);
    return;
  }
  const answer = answerApiCall(ledger, fake, method, path, form);
  if (path === "/v1/refunds" && answer.status === 200) {
    const refund = ledger.refunds.at(-1);
    if (refund) refund.idempotencyKey = key;
    if (ledger.refundEventsFirst) await Promise.all([...ledger.background]);
  }
  if (replayKey !== null && method === "POST") ledger.replays.set(replayKey, answer);
  send(response, answer.status, answer.body);
}
