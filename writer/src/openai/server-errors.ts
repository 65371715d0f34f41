import { WriterError } from "../contract.js";

// The failures a server's answer turns into: output that is not what was asked for, an HTTP status
// (retryable or final), and the server's own explanation shortened and stripped of secrets.

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

/** The message inside an error answer: a string, {"message":…} or {"error":…} nested. */
export function messageField(value: unknown): string | undefined {
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
