import { WriterError } from "../contract.js";
import type { Endpoint } from "./endpoint.js";
import {
  HttpStatusError,
  MalformedOutputError,
  isRetryableStatus,
  messageField,
  providerMessage,
} from "./server-errors.js";

// One HTTP exchange with an OpenAI-compatible server, shared by the writer and the illustrator: one
// POST per attempt with a whole-call timeout and an idle timeout while streaming, the caller's
// AbortSignal wired straight into fetch, and every failure turned into a WriterError.

/** Why this module aborted a request itself (as opposed to the caller aborting it). */
class TimeoutReason extends Error {}

/**
 * One HTTP exchange: its own AbortController, fed by the caller's signal and the two timers, and
 * the translation of every low-level failure into a WriterError (or the caller's abort reason).
 */
export class Attempt {
  private readonly controller = new AbortController();
  private readonly wholeTimer: NodeJS.Timeout;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly forwardAbort: () => void;

  constructor(
    private readonly endpoint: Endpoint,
    private readonly outer: AbortSignal | undefined,
  ) {
    this.forwardAbort = () => this.controller.abort(outer?.reason);
    if (outer?.aborted) this.forwardAbort();
    else outer?.addEventListener("abort", this.forwardAbort, { once: true });
    this.wholeTimer = setTimeout(
      () => this.timeOut(`${endpoint.label} did not finish within ${endpoint.timeoutMs} ms`),
      endpoint.timeoutMs,
    );
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Awaits a network operation, turning its failure into the error callers should see. */
  async guard<T>(operation: Promise<T>): Promise<T> {
    try {
      return await operation;
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** The body as text, for the non-streaming calls. */
  text(response: Response): Promise<string> {
    return this.guard(response.text());
  }

  /**
   * The body chunk by chunk. The idle timer starts with the first chunk: before it, a server may
   * legitimately be loading a model or reading a long prompt, which the whole-call timeout covers.
   * Leaving the loop early cancels the body, which closes the connection.
   */
  async *chunks(response: Response): AsyncGenerator<Uint8Array> {
    if (!response.body) throw new MalformedOutputError(`${this.endpoint.label} sent no body`);
    const reader = response.body.getReader();
    let finished = false;
    try {
      for (;;) {
        const { done, value } = await this.guard(reader.read());
        if (done) {
          finished = true;
          return;
        }
        this.restartIdleTimer();
        yield value;
      }
    } finally {
      if (!finished) reader.cancel().catch(() => {});
    }
  }

  /** Stops the timers and tears down whatever is left of the request. */
  dispose(): void {
    clearTimeout(this.wholeTimer);
    clearTimeout(this.idleTimer);
    this.outer?.removeEventListener("abort", this.forwardAbort);
    if (!this.controller.signal.aborted) this.controller.abort();
  }

  private restartIdleTimer(): void {
    clearTimeout(this.idleTimer);
    const idleMs = this.endpoint.idleTimeoutMs;
    this.idleTimer = setTimeout(
      () => this.timeOut(`${this.endpoint.label} sent nothing for ${idleMs} ms mid-stream`),
      idleMs,
    );
  }

  private timeOut(message: string): void {
    this.controller.abort(new TimeoutReason(message));
  }

  private translate(error: unknown): unknown {
    if (this.outer?.aborted) return this.outer.reason;
    const reason: unknown = this.controller.signal.reason;
    if (reason instanceof TimeoutReason) return new WriterError(reason.message, true);
    if (error instanceof WriterError) return error;
    return new WriterError(
      `${this.endpoint.label} at ${this.endpoint.host} could not be reached: ${describeNetworkError(error)}`,
      true,
      { cause: error },
    );
  }
}

/** undici says "fetch failed" and puts the useful part (ECONNREFUSED, socket hang up) in cause. */
function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const cause: unknown = error.cause;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code ? `${code} (${cause.message})` : cause.message;
  }
  return error.message;
}

/**
 * POSTs `payload` as JSON to `{baseUrl}{path}` and hands a 2xx response to `consume`; a non-2xx
 * answer becomes an HttpStatusError. The API key goes only into the Authorization header.
 */
export async function postJson<T>(
  endpoint: Endpoint,
  path: string,
  payload: unknown,
  signal: AbortSignal | undefined,
  consume: (response: Response, attempt: Attempt) => Promise<T>,
): Promise<T> {
  const attempt = new Attempt(endpoint, signal);
  try {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
    const response = await attempt.guard(
      endpoint.fetch(`${endpoint.baseUrl}${path}`, {
        method: "POST",
        headers,
        body: JSON.stringify(payload),
        signal: attempt.signal,
      }),
    );
    if (!response.ok) throw await statusError(endpoint, response, attempt);
    return await consume(response, attempt);
  } finally {
    attempt.dispose();
  }
}

const STATUS_HINTS: Record<number, string> = {
  400: "the server refused the request",
  401: "check the API key",
  403: "check the API key and its permissions",
  404: "check the base URL and the model name",
  429: "rate limited",
};

async function statusError(
  endpoint: Endpoint,
  response: Response,
  attempt: Attempt,
): Promise<HttpStatusError> {
  const body = await attempt.text(response).catch(() => "");
  const detail = providerMessage(body, endpoint.apiKey);
  const hint = STATUS_HINTS[response.status];
  const message =
    `${endpoint.label} at ${endpoint.host} answered HTTP ${response.status}` +
    (hint ? ` (${hint})` : "") +
    (detail ? `: ${detail}` : "");
  const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
  return new HttpStatusError(
    message,
    response.status,
    isRetryableStatus(response.status),
    retryAfterMs,
  );
}

function parseRetryAfter(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim()) * 1000;
}

/** Reads the JSON envelope of a non-streaming answer; the caller validates what is inside. */
export function parseEnvelope(text: string, label: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new MalformedOutputError(`${label} answered with something that is not JSON`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new MalformedOutputError(`${label} answered with JSON that is not an object`);
  }
  const envelope = parsed as Record<string, unknown>;
  // Some servers report failures as a 200 with an error object; those are worth another try.
  if (envelope.error !== undefined && envelope.error !== null) {
    throw new WriterError(
      `${label} reported an error: ${messageField(envelope.error) ?? "unknown"}`,
      true,
    );
  }
  return envelope;
}
