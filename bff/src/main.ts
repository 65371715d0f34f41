// `node bff/dist/main.js`: start the BFF from the environment, stop cleanly on SIGINT/SIGTERM.
import { existsSync } from "node:fs";
import path from "node:path";
import { createRegistry, MetricsListenError } from "@storyloom/common/metrics";
import { startTracing, type Tracing } from "@storyloom/common/tracing";
import { ConfigError, loadConfig } from "./config.js";
import { createBffServer, type BffServer } from "./server.js";

function exitWith(message: string): never {
  console.error(`bff: ${message}`);
  process.exit(1);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) exitWith(error.message);
  throw error;
}

if (config.clientDist && !existsSync(path.join(config.clientDist, "index.html"))) {
  console.warn(
    `bff: no client build at ${config.clientDist}; run "npm run build" to serve the app`,
  );
}

// Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/decisions/047); before the server, whose
// handlers are traced only when it is on.
const { otlpEndpoint, serviceName } = config.tracing;
const tracing: Tracing | null = otlpEndpoint
  ? startTracing(serviceName, { kind: "otlp", endpoint: otlpEndpoint })
  : null;

// Listening for signals from the start: a signal right after the ready line cannot beat the
// handlers. The stop is bounded (docs/decisions/027-replicas-behind-haproxy.md): sockets or
// requests that will not end do not keep a replica from restarting.
const running: { server?: BffServer } = {};
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`bff: did not stop within DRAIN_TIMEOUT_MS (${config.drainTimeoutMs} ms)`);
      process.exit(1);
    }, config.drainTimeoutMs).unref();
    (running.server?.stop() ?? Promise.resolve())
      .then(() => tracing?.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

const server = await createBffServer(config, { registry: createRegistry() });
running.server = server;
try {
  const url = await server.listen();
  console.log(`bff listening on ${url} (api ${config.apiUrl}; metrics ${server.metricsUrl()})`);
} catch (error) {
  if (error instanceof MetricsListenError) exitWith(error.message);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE") {
    exitWith(`port ${config.port} on ${config.host} is already in use (set BFF_PORT)`);
  }
  exitWith(`could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
}
