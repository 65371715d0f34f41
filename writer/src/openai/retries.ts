import { setTimeout as sleep } from "node:timers/promises";
import { WriterError } from "../contract.js";
import { positiveInteger } from "./endpoint.js";
import { HttpStatusError, MalformedOutputError } from "./server-errors.js";

// Retries with exponential backoff, shared by the writer and the illustrator: only failures marked
// retryable are tried again, a server's Retry-After is believed, and the caller's abort ends the
// wait at once.

export interface RetryPolicy {
  maxAttempts: number;
  /** Delay before the second attempt; it doubles each time, with jitter, up to maxDelayMs. */
  initialDelayMs: number;
  maxDelayMs: number;
}

export interface RetryEvent {
  /** The attempt that failed (1-based). */
  attempt: number;
  delayMs: number;
  error: WriterError;
}

export type RetryListener = (event: RetryEvent) => void;

export interface RetryInput {
  maxAttempts?: number | undefined;
  retryDelayMs?: number | undefined;
  maxRetryDelayMs?: number | undefined;
}

export function retryPolicyFrom(input: RetryInput): RetryPolicy {
  const initialDelayMs = input.retryDelayMs ?? 500;
  const maxDelayMs = input.maxRetryDelayMs ?? 8_000;
  if (!(initialDelayMs >= 0) || !(maxDelayMs >= initialDelayMs)) {
    throw new RangeError("retryDelayMs must be >= 0 and maxRetryDelayMs >= retryDelayMs");
  }
  return {
    maxAttempts: positiveInteger(input.maxAttempts ?? 3, "maxAttempts"),
    initialDelayMs,
    maxDelayMs,
  };
}

/**
 * Runs `attempt` until it succeeds, fails for good, or maxAttempts is reached. Only WriterErrors
 * marked retryable are retried; anything else (a bug, the caller's abort) surfaces at once. An abort
 * during the backoff rejects immediately with the signal's reason.
 */
export async function withRetries<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  onRetry?: RetryListener,
): Promise<T> {
  for (let attemptNumber = 1; ; attemptNumber++) {
    signal?.throwIfAborted();
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (!(error instanceof WriterError) || !error.retryable) throw error;
      if (attemptNumber >= policy.maxAttempts) throw exhausted(error, attemptNumber);
      const delayMs = backoffDelay(policy, attemptNumber, error);
      onRetry?.({ attempt: attemptNumber, delayMs, error });
      await pause(delayMs, signal);
    }
  }
}

/**
 * The error that ends the retries. Output the model keeps getting wrong will not improve by asking
 * again, so it becomes final; an unreachable or overloaded server may recover, so that stays
 * retryable and the pipeline may try the step again later.
 */
function exhausted(error: WriterError, attempts: number): WriterError {
  const retryable = !(error instanceof MalformedOutputError);
  return new WriterError(`${error.message} (gave up after ${attempts} attempts)`, retryable, {
    cause: error,
  });
}

/** Exponential backoff with "equal jitter": half fixed, half random, so retries spread out. */
export function backoffDelay(
  policy: RetryPolicy,
  attemptNumber: number,
  error: WriterError,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attemptNumber - 1));
  const jittered = Math.round(exponential / 2 + (Math.random() * exponential) / 2);
  const retryAfterMs = error instanceof HttpStatusError ? error.retryAfterMs : null;
  // A server that says when to come back is believed, within the same ceiling.
  return retryAfterMs === null
    ? jittered
    : Math.max(jittered, Math.min(retryAfterMs, policy.maxDelayMs));
}

async function pause(delayMs: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(delayMs, undefined, signal ? { signal } : undefined);
  } catch (error) {
    // timers/promises rejects with its own AbortError; the caller expects the signal's reason.
    if (signal?.aborted) throw signal.reason;
    throw error;
  }
}
