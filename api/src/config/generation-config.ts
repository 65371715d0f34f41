import { ConfigError, Env } from "@storyloom/common/env";
import { DEFAULT_IMAGE_SIZE, DEFAULT_TIMEOUT_MS } from "@storyloom/writer";
import type { Static, TObject } from "typebox";
import type { GenerationSettings } from "../generation/worker/story-tools.js";

// The story writers' variables, part of the api's one schema (api-config.ts): how many workers run
// in this process and how they lease stories, and which writer and illustrator write — the offline
// ones, or any OpenAI-compatible endpoint when its base URL is set.

/** A base URL the writer may call: http(s), without credentials, query or fragment. */
function baseUrlProblem(raw: string): string | null {
  // Not echoed when unparsable: the text may still contain a credential.
  if (!URL.canParse(raw)) {
    return "must be an http(s) URL such as http://127.0.0.1:11434/v1 (it could not be parsed)";
  }
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `must be an http(s) URL, got protocol "${url.protocol}"`;
  }
  if (url.username || url.password) {
    return "must not contain credentials; put the key in the matching _API_KEY variable";
  }
  if (url.search || url.hash) return `must not have a query or fragment, got "${raw}"`;
  return null;
}

const timeout = (description: string) =>
  Env.optional(
    Env.integer(1, Number.MAX_SAFE_INTEGER, {
      must: "a positive integer (milliseconds)",
      // The writer's own default applies when unset.
      unset: `\`${DEFAULT_TIMEOUT_MS}\``,
      description,
    }),
  );

export const GenerationEnvProperties = {
  STORY_WORKERS: Env.integer(0, 64, {
    default: 1,
    description:
      "story writer workers in the api process (`0`: none; run `npm run worker -w api` instead, PostgreSQL only)",
  }),
  STORY_LEASE_SECONDS: Env.integer(3, 3600, {
    default: 30,
    description: "a worker's lease on a story; another resumes it after it expires",
  }),
  STORY_MAX_ATTEMPTS: Env.integer(1, 20, {
    default: 3,
    description: "tries of a failing writer step before the story ends in error",
  }),
  STORY_WRITER_PACE_MS: Env.integer(0, 60_000, {
    default: 80,
    description:
      "the offline writer's pause between sentences, so progress is visible (`0` in benchmarks)",
  }),
  STORY_LLM_BASE_URL: Env.optional(
    Env.text({
      unset: "the offline writer",
      description:
        "OpenAI-compatible chat-completions base URL including `/v1`, e.g. `http://127.0.0.1:11434/v1` (Ollama) or `https://api.openai.com/v1`",
      problem: baseUrlProblem,
    }),
  ),
  STORY_LLM_MODEL: Env.optional(
    Env.text({
      unset: "required with a base URL",
      description: "model name, e.g. `llama3.1:8b` or `gpt-4o-mini`",
    }),
  ),
  STORY_LLM_API_KEY: Env.optional(
    Env.text({
      unset: "none",
      description:
        "sent as `Authorization: Bearer …`; local servers usually need none; never logged",
    }),
  ),
  STORY_LLM_TIMEOUT_MS: timeout("limit for one call including its whole stream"),
  STORY_IMAGE_BASE_URL: Env.optional(
    Env.text({
      unset: "the offline SVG illustrator",
      description: "OpenAI-compatible images endpoint base URL",
      problem: baseUrlProblem,
    }),
  ),
  STORY_IMAGE_MODEL: Env.optional(
    Env.text({ unset: "required with an image base URL", description: "image model name" }),
  ),
  STORY_IMAGE_API_KEY: Env.optional(
    Env.text({
      unset: "`STORY_LLM_API_KEY` on the same origin",
      description: "key for the images endpoint",
    }),
  ),
  STORY_IMAGE_SIZE: Env.text({
    default: DEFAULT_IMAGE_SIZE,
    pattern: "^\\d{2,5}x\\d{2,5}$",
    must: "WIDTHxHEIGHT such as 1024x1024",
    description: "`WIDTHxHEIGHT` of generated pictures",
  }),
  STORY_IMAGE_TIMEOUT_MS: timeout("limit per image request"),
};

/** The variables above, as read. */
type GenerationVariables = Static<TObject<typeof GenerationEnvProperties>>;

export function generationSettings(vars: GenerationVariables): GenerationSettings {
  return {
    workers: vars.STORY_WORKERS,
    leaseSeconds: vars.STORY_LEASE_SECONDS,
    maxAttempts: vars.STORY_MAX_ATTEMPTS,
    writerPaceMs: vars.STORY_WRITER_PACE_MS,
    llm:
      vars.STORY_LLM_BASE_URL === undefined
        ? null
        : {
            baseUrl: vars.STORY_LLM_BASE_URL,
            model: required(vars.STORY_LLM_MODEL, "STORY_LLM_MODEL", "STORY_LLM_BASE_URL"),
            apiKey: vars.STORY_LLM_API_KEY,
            timeoutMs: vars.STORY_LLM_TIMEOUT_MS,
          },
    images:
      vars.STORY_IMAGE_BASE_URL === undefined
        ? null
        : {
            baseUrl: vars.STORY_IMAGE_BASE_URL,
            model: required(vars.STORY_IMAGE_MODEL, "STORY_IMAGE_MODEL", "STORY_IMAGE_BASE_URL"),
            apiKey: vars.STORY_IMAGE_API_KEY ?? sharedLlmKey(vars, vars.STORY_IMAGE_BASE_URL),
            size: vars.STORY_IMAGE_SIZE,
            timeoutMs: vars.STORY_IMAGE_TIMEOUT_MS,
          },
  };
}

function required(value: string | undefined, name: string, because: string): string {
  if (value === undefined) throw new ConfigError(`${name} must be set when ${because} is set`);
  return value;
}

/**
 * Pictures from the same provider as the text (e.g. both OpenAI) need the same key; it is reused
 * only for the same origin, so the text key never travels to a different server.
 */
function sharedLlmKey(vars: GenerationVariables, imageBaseUrl: string): string | undefined {
  const { STORY_LLM_BASE_URL: llmBaseUrl, STORY_LLM_API_KEY: llmKey } = vars;
  if (llmBaseUrl === undefined || llmKey === undefined) return undefined;
  return new URL(llmBaseUrl).origin === new URL(imageBaseUrl).origin ? llmKey : undefined;
}
