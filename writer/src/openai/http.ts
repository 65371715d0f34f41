import { setTimeout as sleep } from "node:timers/promises";
import { WriterError } from "../contract.js";

// The HTTP side shared by the OpenAI-compatible writer and illustrator: one POST per attempt with a
// whole-call timeout and an idle timeout while streaming, the caller's AbortSignal wired straight
// into fetch, errors sorted into retryable and final, and retries with exponential backoff.

/** Where and how to call one OpenAI-compatible server. */
export interface Endpoint {
  /** Without a trailing slash, e.g. http://127.0.0.1:11434/v1. */
  baseUrl: string;
  /** Host (and port) only, for names and messages: never a path, query or credential. */
  host: string;
  apiKey: string | undefined;
  /** Whole exchange: headers plus the complete body. */
  timeoutMs: number;
  /** Longest silence between two body chunks once the body has started. */
  idleTimeoutMs: number;
  /** "LLM server", "image server": the subject of error messages. */
  label: string;
  fetch: typeof fetch;
}

export interface RetryPolicy {
  maxAttempts: number;
  /** Delay before the second attempt; it doubles each time, with jitter, up to maxDelayMs. */
  initialDelayMs: number;
  maxDelayMs: number;
}

export interface RetryEvent {
  /** The attempt that failed (1-based). */
  attempt: number;
  delayMs: number;
  error: WriterError;
}

export type RetryListener = (event: RetryEvent) => void;

/** The server answered, but not with what was asked for: retried, and final once attempts run out. */
export class MalformedOutputError extends WriterError {
  constructor(message: string) {
    super(message, true);
  }
}

/** A non-2xx answer; the status lets callers treat e.g. a refused image prompt differently. */
export class HttpStatusError extends WriterError {
  constructor(
    message: string,
    readonly status: number,
    retryable: boolean,
    readonly retryAfterMs: number | null,
  ) {
    super(message, retryable);
  }
}

/** Statuses that say "try again later": timeouts, conflicts, rate limits and server trouble. */
const RETRYABLE_STATUSES = new Set([408, 409, 425, 429]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status) || status >= 500;
}

/**
 * Runs `attempt` until it succeeds, fails for good, or maxAttempts is reached. Only WriterErrors
 * marked retryable are retried; anything else (a bug, the caller's abort) surfaces at once. An abort
 * during the backoff rejects immediately with the signal's reason.
 */
export async function withRetries<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  onRetry?: RetryListener,
): Promise<T> {
  for (let attemptNumber = 1; ; attemptNumber++) {
    signal?.throwIfAborted();
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (!(error instanceof WriterError) || !error.retryable) throw error;
      if (attemptNumber >= policy.maxAttempts) throw exhausted(error, attemptNumber);
      const delayMs = backoffDelay(policy, attemptNumber, error);
      onRetry?.({ attempt: attemptNumber, delayMs, error });
      await pause(delayMs, signal);
    }
  }
}

/**
 * The error that ends the retries. Output the model keeps getting wrong will not improve by asking
 * again, so it becomes final; an unreachable or overloaded server may recover, so that stays
 * retryable and the pipeline may try the step again later.
 */
function exhausted(error: WriterError, attempts: number): WriterError {
  const retryable = !(error instanceof MalformedOutputError);
  return new WriterError(`${error.message} (gave up after ${attempts} attempts)`, retryable, {
    cause: error,
  });
}

/** Exponential backoff with "equal jitter": half fixed, half random, so retries spread out. */
export function backoffDelay(
  policy: RetryPolicy,
  attemptNumber: number,
  error: WriterError,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attemptNumber - 1));
  const jittered = Math.round(exponential / 2 + (Math.random() * exponential) / 2);
  const retryAfterMs = error instanceof HttpStatusError ? error.retryAfterMs : null;
  // A server that says when to come back is believed, within the same ceiling.
  return retryAfterMs === null
    ? jittered
    : Math.max(jittered, Math.min(retryAfterMs, policy.maxDelayMs));
}

async function pause(delayMs: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(delayMs, undefined, signal ? { signal } : undefined);
  } catch (error) {
    // timers/promises rejects with its own AbortError; the caller expects the signal's reason.
    if (signal?.aborted) throw signal.reason;
    throw error;
  }
}

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

const MAX_DETAIL_LENGTH = 200;

/**
 * The server's own explanation ({"error":{"message":…}} in the OpenAI dialect, other shapes
 * elsewhere), on one short line and with anything that looks like a key removed: OpenAI's 401
 * message quotes part of the key it was given.
 */
export function providerMessage(body: string, apiKey: string | undefined): string {
  let text = body;
  try {
    const parsed: unknown = JSON.parse(body);
    text = messageField(parsed) ?? body;
  } catch {
    // Not JSON: an HTML error page or plain text; use it as it is.
  }
  const line = redactSecrets(text, apiKey).replace(/\s+/g, " ").trim();
  return line.length > MAX_DETAIL_LENGTH ? `${line.slice(0, MAX_DETAIL_LENGTH - 1)}…` : line;
}

function messageField(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  return (
    messageField(record.error) ?? (typeof record.message === "string" ? record.message : undefined)
  );
}

/** Key-shaped tokens (sk-…, Bearer …, long opaque strings) and the configured key itself. */
export function redactSecrets(text: string, apiKey: string | undefined): string {
  let result = text;
  if (apiKey && apiKey.length >= 4) result = result.split(apiKey).join("[redacted]");
  return result
    .replace(/\bBearer\s+\S+/gi, "Bearer [redacted]")
    .replace(/\b(?:sk|pk|rk|hf|gsk|xai|key)[-_][\w*.-]{6,}/gi, "[redacted]")
    .replace(/[\w*.-]{32,}/g, "[redacted]");
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

export interface EndpointInput {
  baseUrl: string;
  apiKey?: string | undefined;
  timeoutMs?: number | undefined;
  idleTimeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
}

export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

/** Normalises the options shared by the writer and the illustrator; throws on nonsense values. */
export function endpointFrom(input: EndpointInput, label: string): Endpoint {
  const url = parseBaseUrl(input.baseUrl);
  return {
    baseUrl: url.href.replace(/\/+$/, ""),
    host: url.host,
    apiKey: input.apiKey || undefined,
    timeoutMs: positiveInteger(input.timeoutMs ?? DEFAULT_TIMEOUT_MS, "timeoutMs"),
    idleTimeoutMs: positiveInteger(input.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS, "idleTimeoutMs"),
    label,
    // Looked up at call time so tests (and instrumentation) that replace globalThis.fetch apply.
    fetch: input.fetch ?? ((resource, init) => globalThis.fetch(resource, init)),
  };
}

function parseBaseUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError("baseUrl must be an http(s) URL (it could not be parsed)");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`baseUrl must be an http(s) URL, got protocol "${url.protocol}"`);
  }
  // Credentials in the URL would leak into names and messages; the key has its own option.
  if (url.username || url.password) throw new TypeError("baseUrl must not contain credentials");
  if (url.search || url.hash) throw new TypeError("baseUrl must not have a query or fragment");
  return url;
}

export function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
  }
  return value;
}

export interface RetryInput {
  maxAttempts?: number | undefined;
  retryDelayMs?: number | undefined;
  maxRetryDelayMs?: number | undefined;
}

export function retryPolicyFrom(input: RetryInput): RetryPolicy {
  const initialDelayMs = input.retryDelayMs ?? 500;
  const maxDelayMs = input.maxRetryDelayMs ?? 8_000;
  if (!(initialDelayMs >= 0) || !(maxDelayMs >= initialDelayMs)) {
    throw new RangeError("retryDelayMs must be >= 0 and maxRetryDelayMs >= retryDelayMs");
  }
  return {
    maxAttempts: positiveInteger(input.maxAttempts ?? 3, "maxAttempts"),
    initialDelayMs,
    maxDelayMs,
  };
}
