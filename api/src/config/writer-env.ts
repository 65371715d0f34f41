import { ConfigError } from "./api-config.js";
import {
  createOpenAiIllustrator,
  createOpenAiWriter,
  DEFAULT_IMAGE_SIZE,
  type Illustrator,
  type OpenAiIllustratorOptions,
  type OpenAiWriterOptions,
  type StoryWriter,
} from "@storyloom/writer";

// The OpenAI-compatible writer and illustrator are switched on by environment variables; without
// a base URL they stay off and the offline writer is used. Values are checked here, once, so a
// mistake stops start-up with one line naming the variable, never later with a stack trace.

type Env = Readonly<Record<string, string | undefined>>;

/** The writer's options from the environment, or null when STORY_LLM_BASE_URL is unset. */
export function writerOptionsFromEnv(env: Env = process.env): OpenAiWriterOptions | null {
  const baseUrl = read(env, "STORY_LLM_BASE_URL");
  if (baseUrl === undefined) return null;
  return {
    baseUrl: parseBaseUrl(baseUrl, "STORY_LLM_BASE_URL"),
    model: required(env, "STORY_LLM_MODEL", "STORY_LLM_BASE_URL"),
    apiKey: read(env, "STORY_LLM_API_KEY"),
    timeoutMs: parseTimeout(env, "STORY_LLM_TIMEOUT_MS"),
  };
}

/** The illustrator's options from the environment, or null when STORY_IMAGE_BASE_URL is unset. */
export function illustratorOptionsFromEnv(env: Env = process.env): OpenAiIllustratorOptions | null {
  const baseUrl = read(env, "STORY_IMAGE_BASE_URL");
  if (baseUrl === undefined) return null;
  const parsed = parseBaseUrl(baseUrl, "STORY_IMAGE_BASE_URL");
  return {
    baseUrl: parsed,
    model: required(env, "STORY_IMAGE_MODEL", "STORY_IMAGE_BASE_URL"),
    apiKey: read(env, "STORY_IMAGE_API_KEY") ?? sharedLlmKey(env, parsed),
    size: parseSize(env),
    timeoutMs: parseTimeout(env, "STORY_IMAGE_TIMEOUT_MS"),
  };
}

export function writerFromEnv(env: Env = process.env): StoryWriter | null {
  const options = writerOptionsFromEnv(env);
  return options && createOpenAiWriter(options);
}

export function illustratorFromEnv(env: Env = process.env): Illustrator | null {
  const options = illustratorOptionsFromEnv(env);
  return options && createOpenAiIllustrator(options);
}

/** An empty variable counts as unset, as in the api's own configuration. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function required(env: Env, name: string, because: string): string {
  const value = read(env, name);
  if (value === undefined) throw new ConfigError(`${name} must be set when ${because} is set`);
  return value;
}

function parseBaseUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Not echoed: an unparsable URL may still contain a credential.
    throw new ConfigError(
      `${name} must be an http(s) URL such as http://127.0.0.1:11434/v1 (it could not be parsed)`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`${name} must be an http(s) URL, got protocol "${url.protocol}"`);
  }
  if (url.username || url.password) {
    throw new ConfigError(
      `${name} must not contain credentials; put the key in the matching _API_KEY variable`,
    );
  }
  if (url.search || url.hash)
    throw new ConfigError(`${name} must not have a query or fragment, got "${value}"`);
  return value;
}

function parseTimeout(env: Env, name: string): number | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  const timeout = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(timeout) || timeout <= 0) {
    throw new ConfigError(`${name} must be a positive integer (milliseconds), got "${value}"`);
  }
  return timeout;
}

function parseSize(env: Env): string {
  const value = read(env, "STORY_IMAGE_SIZE") ?? DEFAULT_IMAGE_SIZE;
  if (!/^\d{2,5}x\d{2,5}$/.test(value)) {
    throw new ConfigError(
      `STORY_IMAGE_SIZE must be WIDTHxHEIGHT such as 1024x1024, got "${value}"`,
    );
  }
  return value;
}

/**
 * Pictures from the same provider as the text (e.g. both OpenAI) need the same key; it is reused
 * only for the same origin, so the text key never travels to a different server.
 */
function sharedLlmKey(env: Env, imageBaseUrl: string): string | undefined {
  const llmBaseUrl = read(env, "STORY_LLM_BASE_URL");
  const llmKey = read(env, "STORY_LLM_API_KEY");
  if (llmBaseUrl === undefined || llmKey === undefined) return undefined;
  try {
    return new URL(llmBaseUrl).origin === new URL(imageBaseUrl).origin ? llmKey : undefined;
  } catch {
    return undefined;
  }
}
