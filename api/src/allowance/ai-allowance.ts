import type { Database } from "../platform/db/database.js";
import type { AiUsageKind, UserRecord } from "../platform/db/schema.js";
import { Failure, rateLimited } from "../platform/lib/errors.js";
import { AllowanceQueries } from "./allowance-queries.js";
import {
  allowanceUsedUpMessage,
  allowanceViewOf,
  dailyLimitOf,
  secondsToNextUtcDay,
  utcDayOf,
  type AllowanceSettings,
  type AllowanceView,
} from "./allowance-rules.js";

// The AI daily allowance, as the use cases that run a model take it (decision 070).

export interface AiAllowance {
  /**
   * Counts one run of `kind` for `user`, then does `work`; past the allowance, 429
   * (AI_ALLOWANCE_USED_UP, Retry-After: the next UTC day) and `work` never runs. When `work`
   * fails with an expected failure (a wrong state, bad input) the run is given back.
   */
  spend<T>(
    user: UserRecord,
    kind: AiUsageKind,
    storyId: string | null,
    work: () => Promise<T>,
    /** The story a generation start made, for its usage row. */
    storyIdOf?: (result: T) => string,
  ): Promise<T>;
  /** What is left of the person's allowance today. */
  today(user: UserRecord): Promise<AllowanceView>;
  /** Records the tokens a model reported for the story's latest run of `kinds`. */
  recordTokens(
    storyId: string,
    kinds: readonly AiUsageKind[],
    tokens: { promptTokens: number; completionTokens: number },
  ): Promise<void>;
}

export function createAiAllowance(
  db: Database,
  settings: AllowanceSettings,
  now: () => Date = () => new Date(),
): AiAllowance {
  const queries = new AllowanceQueries(db);
  return {
    async spend(user, kind, storyId, work, storyIdOf) {
      const at = now();
      const day = utcDayOf(at);
      const limit = dailyLimitOf(user, settings, at);
      if ((await queries.take(user.id, day, limit)) === null) {
        throw rateLimited(
          allowanceUsedUpMessage(limit ?? 0),
          secondsToNextUtcDay(at),
          "AI_ALLOWANCE_USED_UP",
        );
      }
      const usageId = await queries.addUsage(user.id, kind, storyId);
      try {
        const result = await work();
        if (storyIdOf) await queries.setUsageStory(usageId, storyIdOf(result));
        return result;
      } catch (error) {
        if (error instanceof Failure) {
          await queries.deleteUsage(usageId);
          await queries.giveBack(user.id, day);
        }
        throw error;
      }
    },

    async today(user) {
      const at = now();
      const limit = dailyLimitOf(user, settings, at);
      return allowanceViewOf(limit, await queries.used(user.id, utcDayOf(at)), at);
    },

    recordTokens: tokenRecorder(db),
  };
}

/**
 * AiAllowance.recordTokens alone, for the worker and the rewrite runner, which count nothing
 * themselves but report what their model calls used (docs/decisions/071-tokens-recorded.md).
 */
export function tokenRecorder(db: Database): AiAllowance["recordTokens"] {
  const queries = new AllowanceQueries(db);
  return (storyId, kinds, tokens) => queries.addTokens(storyId, kinds, tokens);
}

/** `work` counted against the allowance when there is one (tests may build use cases without). */
export function spendAllowance<T>(
  allowance: AiAllowance | undefined,
  user: UserRecord,
  kind: AiUsageKind,
  storyId: string | null,
  work: () => Promise<T>,
  storyIdOf?: (result: T) => string,
): Promise<T> {
  return allowance ? allowance.spend(user, kind, storyId, work, storyIdOf) : work();
}
