import {
  createOfflineIllustrator,
  createOfflineWriter,
  type Illustrator,
  type StoryWriter,
} from "@storyloom/writer";
import { ConfigError } from "../config/api-config.js";
import { illustratorFromEnv, writerFromEnv } from "../config/writer-env.js";

// The generation workers' switches (architecture §5), read once at start-up like the api's own
// configuration: a wrong value stops the process with one line naming the variable.

type Env = Readonly<Record<string, string | undefined>>;

export interface WorkerConfig {
  /** Concurrent jobs in this process; 0 runs no worker here (a separate `npm run worker`). */
  workers: number;
  /** How long a claimed story stays ours without a renewal; renewed every third of it. */
  leaseSeconds: number;
  /** Tries per story, the first included, before a retryable failure becomes an error. */
  maxAttempts: number;
  /** Pause between the offline writer's sentences; 0 writes at once (tests, benchmarks). */
  writerPaceMs: number;
}

export function loadWorkerConfig(env: Env = process.env): WorkerConfig {
  return {
    workers: readInteger(env, "STORY_WORKERS", 1, 0, 64),
    leaseSeconds: readInteger(env, "STORY_LEASE_SECONDS", 30, 3, 3600),
    maxAttempts: readInteger(env, "STORY_MAX_ATTEMPTS", 3, 1, 20),
    writerPaceMs: readInteger(env, "STORY_WRITER_PACE_MS", 80, 0, 60_000),
  };
}

export interface StoryTools {
  writer: StoryWriter;
  illustrator: Illustrator;
}

/** The OpenAI-compatible writer/illustrator when configured, else the offline ones (§5). */
export function storyToolsFromEnv(env: Env, config: WorkerConfig): StoryTools {
  return {
    writer: writerFromEnv(env) ?? createOfflineWriter({ paceMs: config.writerPaceMs }),
    illustrator: illustratorFromEnv(env) ?? createOfflineIllustrator(),
  };
}

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = env[name]?.trim();
  if (!value) return fallback;
  const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be an integer ${min}-${max}, got "${value}"`);
  }
  return parsed;
}

/** Both at once, as start-up wants them: a ConfigError names the variable at fault. */
export function loadGeneration(env: Env): { config: WorkerConfig; tools: StoryTools } {
  const config = loadWorkerConfig(env);
  return { config, tools: storyToolsFromEnv(env, config) };
}
