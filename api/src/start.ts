import type { Environment } from "@storyloom/common/env";
import { MetricsListenError, serveMetrics, type MetricsListener } from "@storyloom/common/metrics";
import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "./app.js";
import { ConfigError, loadApiConfig, type ApiConfig } from "./config/api-config.js";
import { DatabaseUnavailableError, type DatabaseHandle } from "./platform/db/database.js";
import { migrate, readMigrations } from "./platform/db/migrate.js";
import { openDatabase } from "./platform/db/open-database.js";
import { createFirebaseIdentity } from "./platform/identity/firebase-identity.js";
import type { IdentityProvider } from "./platform/identity/identity-provider.js";
import { openStoryEventBus, type StoryEventBus } from "./generation/story-event-bus.js";
import { loggerOptions, UNLOGGED_TEXT } from "./logging.js";
import { storyTools } from "./generation/worker/story-tools.js";
import { passageRewriter } from "./rewrites/rewriter.js";
import { NotificationWorker } from "./notifications/notification-worker.js";
import { startEmailDigests } from "./notifications/digest-start.js";
import { pushWorker } from "./notifications/push-worker.js";
import { WorkerPool } from "./generation/worker/worker-pool.js";
import { processMetrics, tracingOf } from "./telemetry.js";

/** Why the api cannot start, in one line for the operator (never a stack trace). */
export class StartupError extends Error {
  override name = "StartupError";
}

export interface RunningApi {
  /** http://host:port with the port actually bound (API_PORT=0 picks a free one). */
  url: string;
  /** http://host:port/metrics, Prometheus's, apart from the public port (decision 046). */
  metricsUrl: string;
  config: ApiConfig;
  /** Stops accepting requests, lets running ones finish, closes the database; idempotent. */
  stop(): Promise<void>;
}

/** Config → database → migrations → listening server. Rejects with a StartupError. */
export async function startApi(env: Environment): Promise<RunningApi> {
  const config = configOrFail(() => loadApiConfig(env));
  // Before anything that is traced: requests, the database's statements (decision 047).
  const tracing = tracingOf(config, "storyloom-api");
  const database = await openDatabaseOrFail(config).catch(async (error: unknown) => {
    await tracing?.close();
    throw error;
  });
  let identity: IdentityProvider | undefined;
  let events: StoryEventBus | undefined;
  let metricsListener: MetricsListener | undefined;
  try {
    const metrics = processMetrics(database, config.generation.workers > 0);
    await migrateOrFail(database);
    identity = createFirebaseIdentity(config.firebase.projectId);
    // One story-events listener for the process, shared by the live channel and the workers;
    // it logs through the app's logger, which exists a moment later.
    const logger: { current?: FastifyBaseLogger } = {};
    events = await openStoryEventBus(database.db, {
      warn: (object, text) => logger.current?.warn(object, text),
    });
    // Set by stop(): readiness fails at once, before anything closes.
    let draining = false;
    const app = await buildApp({
      draining: () => draining,
      db: database.db,
      identity,
      storyEvents: events,
      settings: config,
      rewriter: passageRewriter(config.generation),
      logger: loggerOptions(config.logLevel),
      metrics,
    });
    const { host, port } = config;
    try {
      await app.listen({ host, port, listenTextResolver: () => UNLOGGED_TEXT });
    } catch (error) {
      await app.close();
      throw listenFailure(error, host, port);
    }
    try {
      metricsListener = await serveMetrics(metrics.registry, config.metrics);
    } catch (error) {
      await app.close();
      if (error instanceof MetricsListenError) throw new StartupError(error.message);
      throw error;
    }
    logger.current = app.log;
    // In-process workers unless STORY_WORKERS=0 (then `npm run worker` processes write stories).
    const workers =
      config.generation.workers > 0
        ? new WorkerPool({
            db: database.db,
            tools: storyTools(config.generation),
            config: config.generation,
            events,
            log: app.log,
            mediaStorage: config.mediaStorage,
            metrics,
          }).start()
        : null;
    // Notifications' fan-out jobs run where the story writer's do (docs/decisions/056).
    const notifier =
      config.generation.workers > 0
        ? new NotificationWorker({
            db: database.db,
            pollMs: config.notificationPollMs,
            onError: (error) => app.log.error({ err: error }, "a notification job failed"),
          })
        : null;
    notifier?.start();
    // The e-mail digest beside them, when SMTP_URL names a relay (docs/decisions/057).
    const digests =
      config.generation.workers > 0
        ? startEmailDigests({
            db: database.db,
            email: config.email,
            site: config.publicBaseUrl,
            readHashSecret: config.readHashSecret,
            pollMs: config.notificationPollMs,
            log: app.log,
          })
        : null;
    // Web push's deliveries, beside them, when VAPID keys are set (docs/decisions/063).
    const pusher = notifier !== null ? pushWorker(database.db, config, app.log) : null;
    pusher?.start();
    const address = app.server.address();
    const boundPort = typeof address === "object" && address ? address.port : port;
    const running = identity;
    const listening = events;
    const served = metricsListener;
    let stopped: Promise<void> | undefined;
    return {
      url: `http://${host.includes(":") ? `[${host}]` : host}:${boundPort}`,
      metricsUrl: served.url,
      config,
      stop: () =>
        (stopped ??= (async () => {
          draining = true;
          // Jobs in flight hand their leases back first, so another worker resumes them at once.
          await workers?.stop();
          await notifier?.stop();
          await digests?.stop();
          await pusher?.stop();
          // New requests get 503 (the balancer retries them elsewhere), running ones finish, live
          // sockets close with 1012 (app.ts).
          await app.close();
          await served.close();
          await listening.close();
          await running.close();
          await database.close();
          await tracing?.close();
        })()),
    };
  } catch (error) {
    await metricsListener?.close();
    await events?.close();
    await identity?.close();
    await database.close();
    await tracing?.close();
    throw error;
  }
}

function configOrFail<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) throw new StartupError(error.message, { cause: error });
    throw error;
  }
}

async function openDatabaseOrFail(config: ApiConfig): Promise<DatabaseHandle> {
  try {
    return await openDatabase(config.database);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) {
      throw new StartupError(error.message, { cause: error });
    }
    throw error;
  }
}

async function migrateOrFail(database: DatabaseHandle): Promise<void> {
  try {
    const migrations = await readMigrations();
    await database.withSession((session) => migrate(session, migrations));
  } catch (error) {
    throw new StartupError(`cannot migrate the database: ${oneLine(error)}`, { cause: error });
  }
}

function listenFailure(error: unknown, host: string, port: number): StartupError {
  const code = (error as { code?: unknown }).code;
  if (code === "EADDRINUSE") {
    return new StartupError(`port ${port} on ${host} is already in use (set API_PORT)`);
  }
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
    return new StartupError(`cannot listen on ${host}: no such local address (set API_HOST)`);
  }
  if (code === "EACCES") {
    return new StartupError(`not allowed to listen on port ${port} (set API_PORT above 1023)`);
  }
  return new StartupError(`cannot listen on ${host}:${port}: ${oneLine(error)}`, { cause: error });
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0] ?? message;
}
