import { TokenTally, type PassageRewriter, type RewriteInput } from "@storyloom/writer";
import { tokenRecorder } from "../allowance/ai-allowance.js";
import { LatestValueThrottle } from "../generation/worker/progress.js";
import type { Database } from "../platform/db/database.js";
import type { WarningLog } from "../platform/lib/warning-log.js";
import { RewritesQueries } from "./rewrites-queries.js";

// Writes a rewrite's alternatives (docs/decisions/061): the rewriter streams each one, and the
// row holds the text so far (at most five writes a second) for the live view to show. The tokens
// its model calls reported go to the story's rewrite usage row (docs/decisions/071).

type RunInput = Omit<RewriteInput, "onProgress" | "onUsage" | "signal">;

export interface RewriteRunnerOptions {
  db: Database;
  rewriter: PassageRewriter;
  /** Minimum time between two progress writes of one rewrite (default 200 ms). */
  progressIntervalMs?: number;
  log?: WarningLog;
}

export class RewriteRunner {
  private readonly running = new Map<
    string,
    { controller: AbortController; done: Promise<void> }
  >();

  constructor(private readonly options: RewriteRunnerOptions) {}

  /** Starts writing rewrite `id` of story `storyId` (its internal id); returns at once. */
  start(id: string, storyId: string, input: RunInput): void {
    const controller = new AbortController();
    const done = this.run(id, storyId, input, controller.signal).finally(() =>
      this.running.delete(id),
    );
    this.running.set(id, { controller, done });
  }

  /** Stops every rewrite under way (the process is closing): each is recorded as failed. */
  async stop(): Promise<void> {
    const all = [...this.running.values()];
    for (const each of all) each.controller.abort(new Error("The rewrite was interrupted."));
    await Promise.all(all.map((each) => each.done));
  }

  /** Failed or not, the tokens were spent; a lost write is only logged. */
  private async recordTokens(storyId: string, tokens: TokenTally): Promise<void> {
    const total = tokens.take();
    if (!total) return;
    try {
      await tokenRecorder(this.options.db)(storyId, ["rewrite"], total);
    } catch (error) {
      this.options.log?.warn({ err: error, story: storyId }, "cannot record a rewrite's tokens");
    }
  }

  private async run(
    id: string,
    storyId: string,
    input: RunInput,
    signal: AbortSignal,
  ): Promise<void> {
    const tokens = new TokenTally();
    const queries = new RewritesQueries(this.options.db);
    const sofar: string[] = [];
    const writes = new LatestValueThrottle<string[]>(
      this.options.progressIntervalMs ?? 200,
      (alternatives) => queries.progress(id, alternatives),
      () => {},
    );
    try {
      const alternatives = await this.options.rewriter.rewrite({
        ...input,
        signal,
        onUsage: tokens.add,
        onProgress: (index, text) => {
          sofar[index] = text;
          writes.offer([...sofar]);
        },
      });
      await writes.settle().catch(() => {});
      await this.recordTokens(storyId, tokens);
      await queries.finish(id, { status: "ready", alternatives });
    } catch (error) {
      await writes.settle().catch(() => {});
      const reason = signal.aborted ? signal.reason : error;
      const message = reason instanceof Error ? reason.message : "an unexpected error occurred";
      this.options.log?.warn({ err: error, rewrite: id }, "a rewrite failed");
      await this.recordTokens(storyId, tokens);
      await queries
        .finish(id, { status: "failed", error: `The rewrite failed: ${message}` })
        .catch(() => {});
    }
  }
}
