// The throughput reference: a bare node:http server answering every request with the exact bytes
// (and content type) the api answered for the measured page. Run by site-bench.ts as its own
// process, so it does not share a thread with the load generator:
// `node e2e/dist/bare-server.js <body file> <content type>`.
import { readFileSync } from "node:fs";
import http from "node:http";

const [bodyFile, contentType] = process.argv.slice(2);
if (!bodyFile || !contentType) {
  console.error("usage: node e2e/dist/bare-server.js <body file> <content type>");
  process.exit(1);
}
const body = readFileSync(bodyFile);
const server = http.createServer((_request, response) => {
  response.writeHead(200, { "content-type": contentType, "content-length": body.length });
  response.end(body);
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  console.log(`bare server listening on http://127.0.0.1:${port}`);
});
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
