// What the answer before express (early-answer.ts) and the one after it (middleware.ts) share.
import type { VisitorTurns } from "../visitor-turns.js";
import type { AnswerStore } from "./answers.js";
import type { Cacheability } from "./cacheability.js";
import type { TurnTaker } from "./turns.js";

export interface CacheParts {
  /** How long an answer is served again (0: off). */
  ttlMs: number;
  answers: AnswerStore;
  cacheability: Cacheability;
  turns: VisitorTurns;
  taker: TurnTaker;
}
