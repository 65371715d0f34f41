import http from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBff, type Bff } from "../testing/stack.js";

// A built client as Vite leaves it: each text asset beside its .br and .gz twins.
const SCRIPT = `export const words = ${JSON.stringify("the tide rose over the city ".repeat(200))};\n`;
const INDEX_HTML = `<!doctype html><html><head><title>Storyloom</title>
  <script type="module" crossorigin src="/assets/app-abc123.js"></script></head>
  <body><div id="root"></div><!-- ${"padding so the page is worth compressing ".repeat(60)} --></body></html>`;

let clientDist: string;
let bff: Bff;

beforeAll(async () => {
  clientDist = mkdtempSync(path.join(tmpdir(), "storyloom-client-"));
  mkdirSync(path.join(clientDist, "assets"));
  writeFileSync(path.join(clientDist, "index.html"), INDEX_HTML);
  const script = path.join(clientDist, "assets", "app-abc123.js");
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  bff = await startBff("http://127.0.0.1:9", { CLIENT_DIST: clientDist });
});

afterAll(async () => {
  await bff?.server.stop();
  rmSync(clientDist, { recursive: true, force: true });
});

/** A GET whose body is kept as the bytes that came over the wire (fetch would decode them). */
function get(
  pathname: string,
  acceptEncoding: string | null,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      new URL(pathname, bff.url),
      { headers: acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

describe("the built client's assets", () => {
  it("are sent as their brotli twin to a browser that takes brotli", async () => {
    const response = await get("/assets/app-abc123.js", "gzip, deflate, br");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toContain("immutable");
    expect(response.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });

  it("are sent as their gzip twin to a browser that takes only gzip", async () => {
    const response = await get("/assets/app-abc123.js", "gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.body).toString()).toBe(SCRIPT);
  });

  it("are sent as they are to a client that takes no encoding", async () => {
    const response = await get("/assets/app-abc123.js", null);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.toString()).toBe(SCRIPT);
  });

  it("still answer a missing asset with a 404, not the app's page", async () => {
    const response = await get("/assets/missing-123.js", "br");
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
  });
});

describe("answers made per request", () => {
  it("are compressed on the way: the app's page", async () => {
    const response = await get("/stories/abc", "gzip");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.body).toString()).toBe(INDEX_HTML);
  });
});
