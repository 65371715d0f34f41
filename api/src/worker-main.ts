import { serveMetrics, type MetricsListener } from "@storyloom/common/metrics";
import Fastify from "fastify";
import { ConfigError, loadApiConfig } from "./config/api-config.js";
import type { DatabaseHandle } from "./platform/db/database.js";
import { openDatabase } from "./platform/db/open-database.js";
import { migrate, readMigrations } from "./platform/db/migrate.js";
import { openStoryEventBus, type StoryEventBus } from "./generation/story-event-bus.js";
import { loggerOptions } from "./logging.js";
import { storyTools } from "./generation/worker/story-tools.js";
import { NotificationWorker } from "./notifications/notification-worker.js";
import { startEmailDigests } from "./notifications/digest-start.js";
import type { DigestWorker } from "./notifications/digest-worker.js";
import { pushWorker, type PushWorker } from "./notifications/push-worker.js";
import { WorkerPool } from "./generation/worker/worker-pool.js";
import { processMetrics, tracingOf } from "./telemetry.js";

// `npm run worker -w api`: generation workers only, no HTTP server (scaled mode, docs/operations.md#the-story-writer-and-a-real-model:
// api instances with STORY_WORKERS=0 and worker processes sharing one PostgreSQL). One line on
// stdout when running, one line on stderr and exit code 1 when it cannot start, and on SIGINT or
// SIGTERM running jobs hand their leases back before the process exits (within DRAIN_TIMEOUT_MS,
// else exit code 1: docs/decisions/027-replicas-behind-haproxy.md).

function fail(message: string): never {
  process.stderr.write(`worker: ${message}\n`);
  process.exit(1);
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0] ?? message;
}

let settings: ReturnType<typeof loadApiConfig>;
try {
  settings = loadApiConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
if (settings.database.kind !== "postgres") {
  fail(
    "the embedded database (PGlite) belongs to the api process: set DATABASE_URL, or run the workers inside the api (STORY_WORKERS)",
  );
}

const tools = storyTools(settings.generation);
// Its jobs' spans and statements go to the collector when one is configured (decision 047).
const tracing = tracingOf(settings, "storyloom-worker");

// The api's log format, through the same pino options (Fastify only lends its logger here).
const log = Fastify({ logger: loggerOptions(settings.logLevel) }).log;

let database: DatabaseHandle | undefined;
let events: StoryEventBus | undefined;
let pool: WorkerPool | undefined;
let notifier: NotificationWorker | undefined;
let digests: DigestWorker | null = null;
let pusher: PushWorker | null | undefined;
let metricsListener: MetricsListener | undefined;
let stopping: Promise<void> | undefined;

const stop = () =>
  (stopping ??= (async () => {
    setTimeout(
      () => fail(`did not stop within DRAIN_TIMEOUT_MS (${settings.drainTimeoutMs} ms)`),
      settings.drainTimeoutMs,
    ).unref();
    await pool?.stop();
    await notifier?.stop();
    await digests?.stop();
    await pusher?.stop();
    await metricsListener?.close();
    await events?.close();
    await database?.close();
    await tracing?.close();
  })().then(
    () => process.exit(0),
    (error: unknown) => fail(`stopping failed: ${oneLine(error)}`),
  ));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

try {
  database = await openDatabase(settings.database);
  // Whichever process starts first creates the tables; the advisory lock serialises the others.
  const migrations = await readMigrations();
  await database.withSession((session) => migrate(session, migrations));
  events = await openStoryEventBus(database.db, log);
  // Prometheus's: the jobs, the queue, the pool (docs/decisions/046).
  const metrics = processMetrics(database, true);
  metricsListener = await serveMetrics(metrics.registry, settings.metrics);
  if (!stopping) {
    pool = new WorkerPool({
      metrics,
      db: database.db,
      tools,
      config: settings.generation,
      events,
      log,
      mediaStorage: settings.mediaStorage,
    }).start();
    // Notifications' fan-out jobs (docs/decisions/056).
    notifier = new NotificationWorker({
      db: database.db,
      pollMs: settings.notificationPollMs,
      onError: (error) => log.error({ err: error }, "a notification job failed"),
    });
    notifier.start();
    // The e-mail digest, when SMTP_URL names a relay (docs/decisions/057).
    digests = startEmailDigests({
      db: database.db,
      email: settings.email,
      site: settings.publicBaseUrl,
      readHashSecret: settings.readHashSecret,
      pollMs: settings.notificationPollMs,
      log,
    });
    // Web push's deliveries when VAPID keys are set (docs/decisions/063).
    pusher = pushWorker(database.db, settings, log);
    pusher?.start();
  }
} catch (error) {
  await metricsListener?.close();
  await events?.close();
  await database?.close();
  fail(`cannot start: ${oneLine(error)}`);
}
if (!stopping) {
  process.stdout.write(
    `worker running: ${settings.generation.workers} at once, ${tools.writer.name} (metrics ${metricsListener?.url})\n`,
  );
}
