import { startApi, StartupError, type RunningApi } from "./start.js";

// The api process: one line on stdout when ready, one line on stderr and exit code 1 when it
// cannot start, a clean stop (server, then identity and database) on SIGINT or SIGTERM, within
// DRAIN_TIMEOUT_MS or exit code 1 (docs/decisions/027-replicas-behind-haproxy.md).

function fail(message: string): never {
  process.stderr.write(`api: ${message}\n`);
  process.exit(1);
}

function shutDown(api: RunningApi): void {
  setTimeout(
    () => fail(`did not stop within DRAIN_TIMEOUT_MS (${api.config.drainTimeoutMs} ms)`),
    api.config.drainTimeoutMs,
  ).unref();
  api.stop().then(
    () => process.exit(0),
    (error: unknown) => fail(`stopping failed: ${error instanceof Error ? error.message : error}`),
  );
}

// Listening for signals from the start: a signal during start-up lets it finish (no half-written
// migration) and then stops, and one right after the ready line cannot beat the handlers.
let running: RunningApi | undefined;
let stopRequested = false;
const requestStop = () => {
  if (stopRequested) return;
  stopRequested = true;
  if (running) shutDown(running);
};
process.once("SIGINT", requestStop);
process.once("SIGTERM", requestStop);

try {
  running = await startApi(process.env);
} catch (error) {
  if (error instanceof StartupError) fail(error.message);
  fail(`cannot start: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
}
if (stopRequested) shutDown(running);
else process.stdout.write(`api listening on ${running.url} (metrics ${running.metricsUrl})\n`);
