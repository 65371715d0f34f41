import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

// A local stand-in for an OpenAI-compatible server, for tests only. It speaks the real protocol
// over real TCP: JSON answers, and server-sent events written in small pieces with pauses between
// them, so lines and UTF-8 characters arrive split across network reads as they do in production.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface FakeServer {
  /** http://127.0.0.1:{port}/v1 */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  /** How many responses the client closed before they were finished. */
  readonly abortedResponses: number;
  /** Resolves once a response has been closed by the client before it was finished. */
  whenAborted(): Promise<void>;
  /** Handlers for the next requests, one each, in order; the last one answers all later requests. */
  reply(...handlers: Handler[]): void;
  close(): Promise<void>;
}

export async function startFakeServer(): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  let handlers: Handler[] = [json(500, { error: { message: "no handler configured" } })];
  let abortedResponses = 0;
  let abortWaiters: Array<() => void> = [];

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const request: RecordedRequest = {
        method: incoming.method ?? "",
        path: incoming.url ?? "",
        headers: incoming.headers,
        body: text ? (JSON.parse(text) as unknown) : null,
      };
      requests.push(request);
      response.on("close", () => {
        if (response.writableFinished) return;
        abortedResponses += 1;
        for (const resolve of abortWaiters) resolve();
        abortWaiters = [];
      });
      const handler = handlers.length > 1 ? handlers.shift() : handlers[0];
      Promise.resolve(handler?.(request, response)).catch((error: unknown) => {
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get abortedResponses() {
      return abortedResponses;
    },
    whenAborted: () =>
      abortedResponses > 0
        ? Promise.resolve()
        : new Promise((resolve) => abortWaiters.push(resolve)),
    reply: (...next) => {
      handlers = next;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A JSON answer with the given status. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_request, response) => {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  };
}

/** The `usage` a server reports for a call, in the protocol's snake_case. */
export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

function withTotal(usage: FakeUsage) {
  return { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
}

/** A non-streamed chat completion whose message is `content`, reporting `usage` when given. */
export function completion(content: string, usage?: FakeUsage): Handler {
  return json(200, {
    id: "chatcmpl-fake",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    ...(usage ? { usage: withTotal(usage) } : {}),
  });
}

/** One `data:` event of a streamed completion carrying `content`. */
export function deltaEvent(content: string): string {
  const chunk = {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/**
 * The whole event stream a real server sends for these content pieces; with `usage`, the last
 * chunk before [DONE] reports it, with no choices, as OpenAI does for `include_usage`.
 */
export function sseBody(pieces: string[], usage?: FakeUsage): string {
  const role = { choices: [{ index: 0, delta: { role: "assistant" }, finish_reason: null }] };
  const stop = { choices: [{ index: 0, delta: {}, finish_reason: "stop" }] };
  return (
    `data: ${JSON.stringify(role)}\n\n` +
    ": keep-alive\n\n" +
    pieces.map(deltaEvent).join("") +
    `data: ${JSON.stringify(stop)}\n\n` +
    (usage ? `data: ${JSON.stringify({ choices: [], usage: withTotal(usage) })}\n\n` : "") +
    "data: [DONE]\n\n"
  );
}

export interface StreamOptions {
  /** Bytes per write; small values split lines and multi-byte characters. Default 7. */
  pieceBytes?: number;
  /** Pause between writes, so each piece is its own TCP segment. Default 1 ms. */
  gapMs?: number;
  /** Stop after this many bytes and keep the connection open without sending more. */
  stallAfterBytes?: number;
  /** Reported in a last chunk, whether or not the request asked (streamedCompletion only). */
  usage?: FakeUsage;
}

/** Streams `body` (an event stream, or deliberate garbage) as text/event-stream. */
export function stream(body: string, options: StreamOptions = {}): Handler {
  return async (_request, response) => {
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
    });
    response.socket?.setNoDelay(true);
    response.flushHeaders();
    const bytes = Buffer.from(body, "utf8");
    const limit = Math.min(bytes.length, options.stallAfterBytes ?? bytes.length);
    const pieceBytes = options.pieceBytes ?? 7;
    for (let offset = 0; offset < limit; offset += pieceBytes) {
      if (response.destroyed) return;
      response.write(bytes.subarray(offset, Math.min(offset + pieceBytes, limit)));
      await sleep(options.gapMs ?? 1);
    }
    if (options.stallAfterBytes !== undefined) {
      // Silence until the client gives up and closes the connection.
      await new Promise((resolve) => response.once("close", resolve));
      return;
    }
    response.end();
  };
}

/** Streams a chat completion of these content pieces, split awkwardly. */
export function streamedCompletion(pieces: string[], options: StreamOptions = {}): Handler {
  return stream(sseBody(pieces, options.usage), options);
}

/** Accepts the request and never answers it. */
export function hang(): Handler {
  return (_request, response) => new Promise((resolve) => response.once("close", resolve));
}

/** An images/generations answer carrying `bytes` as b64_json. */
export function image(bytes: Uint8Array): Handler {
  return json(200, { created: 0, data: [{ b64_json: Buffer.from(bytes).toString("base64") }] });
}
