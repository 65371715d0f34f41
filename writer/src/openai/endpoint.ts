// The options the writer and the illustrator share, checked once: an http(s) base URL without
// credentials, positive timeouts with their defaults, and the fetch to call.

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
