// What the answer before express (early-answer.ts) and the one after it (middleware.ts) share.
import type { TrustedDocuments } from "../../graphql/trusted-documents.js";
import type { ViewerStates } from "../../upstream/viewer-states.js";
import type { VisitorTurns } from "../visitor-turns.js";
import type { AnswerStore } from "./answers.js";
import type { Cacheability } from "./cacheability.js";
import type { TurnTaker } from "./turns.js";

export interface CacheParts {
  /** How long an answer is served again (0: off). */
  ttlMs: number;
  answers: AnswerStore;
  cacheability: Cacheability;
  /** The web app's operations by id: a read sent by id is keyed by its listed text. */
  documents: TrustedDocuments;
  turns: VisitorTurns;
  taker: TurnTaker;
  /** A member's own state on a shared answer's stories (decision 043); none: members bypass. */
  viewerStates?: ViewerStates;
  /** Counts a cacheable read answered from memory (hit) or run through Apollo (miss). */
  lookedUp: (outcome: "hit" | "miss") => void;
}
