// A proxy between the BFF and a real api that forwards everything and writes down each request,
// so tests see every upstream call the BFF makes (no mock of the api).
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface CountingProxy {
  url: string;
  /** "METHOD /path" of each request, in order. */
  calls: string[];
  /** The headers of each request, in order. */
  headers: http.IncomingHttpHeaders[];
  /** Forgets the requests seen so far. */
  reset(): void;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const api = new URL(target);
  const seen = { calls: [] as string[], headers: [] as http.IncomingHttpHeaders[] };
  const server = http.createServer((request, response) => {
    seen.calls.push(`${request.method} ${new URL(request.url ?? "/", api).pathname}`);
    seen.headers.push(request.headers);
    const forwarded = http.request(
      {
        host: api.hostname,
        port: api.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get calls() {
      return seen.calls;
    },
    get headers() {
      return seen.headers;
    },
    reset() {
      seen.calls = [];
      seen.headers = [];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
