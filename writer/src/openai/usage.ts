import type { TokenUsage } from "../contract.js";
import { HttpStatusError } from "./server-errors.js";

// The tokens a chat completion reports (docs/decisions/071-tokens-recorded.md): `usage` in a
// non-streamed answer, and in a streamed one the last chunk's `usage` when the request carried
// `stream_options: {include_usage: true}`. A server that reports nothing leaves the tokens
// unknown; one that refuses the option is asked again without it.

/** `{prompt_tokens, completion_tokens}` when both are counts; anything else is no report. */
export function usageOf(value: unknown): TokenUsage | null {
  if (typeof value !== "object" || value === null) return null;
  const { prompt_tokens: prompt, completion_tokens: completion } = value as Record<string, unknown>;
  if (!isCount(prompt) || !isCount(completion)) return null;
  return { promptTokens: prompt, completionTokens: completion };
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

/**
 * Whether streamed requests to one server still ask for usage. The option is part of OpenAI's
 * protocol and servers that do not know it mostly ignore it, but a strict one answers 400 (or 422)
 * naming it: it is asked again without, and from then on it is left out.
 */
export class StreamUsageOption {
  private refused = false;

  /** The payload, asking for usage unless this server refused to be asked. */
  payload<T extends object>(payload: T): T {
    return this.refused ? payload : { ...payload, stream_options: { include_usage: true } };
  }

  /** Sends with the option, and once more without it when the server refused it. */
  async send<T extends object, R>(payload: T, post: (payload: T) => Promise<R>): Promise<R> {
    const asked = !this.refused;
    try {
      return await post(this.payload(payload));
    } catch (error) {
      if (!asked || !refusesOption(error)) throw error;
      this.refused = true;
      return post(payload);
    }
  }
}

function refusesOption(error: unknown): boolean {
  return (
    error instanceof HttpStatusError &&
    (error.status === 400 || error.status === 422) &&
    /stream_options|include_usage/i.test(error.message)
  );
}
