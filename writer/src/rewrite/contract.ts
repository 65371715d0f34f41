import type { UsageListener } from "../contract.js";

// Rewriting a passage of a finished story (docs/decisions/061-passage-rewrites.md): the owner
// selects text and an instruction; a rewriter answers several alternatives, each streamed as it
// grows. A passage is plain text, its paragraphs separated by a blank line.

/** The instructions the studio offers; `custom` carries the owner's own words. */
export const REWRITE_KINDS = [
  "shorter",
  "longer",
  "more_dialogue",
  "darker",
  "lighter",
  "custom",
] as const;

export type RewriteKind = (typeof REWRITE_KINDS)[number];

export interface RewriteInstruction {
  kind: RewriteKind;
  /** The owner's words (custom), or readers' notes to follow (a revision from notes). */
  text?: string | undefined;
  /** Readers' notes on the passage to take into account (a revision from readers' notes). */
  notes?: string[] | undefined;
}

export interface RewriteInput {
  /** The selected text: paragraphs separated by "\n\n". */
  passage: string;
  instruction: RewriteInstruction;
  /** How many alternatives (1 to 5). */
  count: number;
  /** Story material around the passage, for continuity (never instructions). */
  context?: { storyTitle: string; before: string; after: string } | undefined;
  /** Makes the offline rewriter's choices differ from one request to the next. */
  seed?: string | undefined;
  /** Called with an alternative's text so far, each time it grows. */
  onProgress?: ((index: number, text: string) => void) | undefined;
  /** Called with the tokens of each model call that reported them (one per alternative). */
  onUsage?: UsageListener | undefined;
  signal?: AbortSignal | undefined;
}

export interface PassageRewriter {
  readonly name: string;
  /** `count` alternatives, in order; each is the full new text of the passage. */
  rewrite(input: RewriteInput): Promise<string[]>;
}

/** Paragraphs of a passage or of an alternative. */
export function passageParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter((paragraph) => paragraph !== "");
}
