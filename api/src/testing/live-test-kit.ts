import type { FastifyInstance } from "fastify";
import WebSocket from "ws";
import { eventually } from "./worker-test-kit.js";

// A real WebSocket client for the live-channel tests, against an app listening on a real port.

export interface StreamClient {
  socket: WebSocket;
  /** Every message received, parsed. */
  messages: Array<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
  /** The first message (from the start) that `matches`, waiting for it if need be. */
  next(
    matches: (message: Record<string, unknown>) => boolean,
    what: string,
  ): Promise<Record<string, unknown>>;
  send(data: string | Buffer): void;
  close(): void;
}

/** app.listen on a free port of 127.0.0.1; resolves to ws://host:port. */
export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  return address.replace(/^http/, "ws");
}

export async function openStream(
  baseUrl: string,
  publicId: string,
  auth: { header?: string; query?: string } = {},
): Promise<StreamClient> {
  const query = auth.query === undefined ? "" : `?token=${encodeURIComponent(auth.query)}`;
  const socket = new WebSocket(`${baseUrl}/v1/stories/${publicId}/stream${query}`, {
    headers: auth.header === undefined ? {} : { authorization: auth.header },
  });
  const messages: StreamClient["messages"] = [];
  socket.on("message", (data) =>
    messages.push(JSON.parse(String(data)) as Record<string, unknown>),
  );
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return {
    socket,
    messages,
    closed,
    next: (matches, what) => eventually(() => messages.find(matches), what),
    send: (data) => socket.send(data),
    close: () => socket.close(1000),
  };
}
