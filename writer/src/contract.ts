import type {
  Chapter,
  DesiredLength,
  ImageRole,
  NastinessLevel,
  StoryContent,
} from "@storyloom/common";

// The contract between the generation pipeline (worker) and the story writers / illustrators.
// Progress: plan 0–15 %, chapters 15–85 % (text streamed as it arrives), pictures 85–100 %.

/** What the user asked for in the generation form, already validated. */
export interface StoryRequest {
  title: string;
  outline: string;
  tags: string[];
  themeKeywords: string[];
  desiredLength: DesiredLength;
  nastinessLevel: NastinessLevel;
}

/** Word budgets per desired length: Short ~500, Medium ~1500, Long ~3000 words. */
export const WORD_BUDGET: Record<DesiredLength, number> = { short: 500, medium: 1500, long: 3000 };

export interface ChapterPlan {
  title: string;
  /** One or two sentences on what happens; guides the chapter's writing. */
  summary: string;
  /** Target words for this chapter; the chapters' targets add up to the budget. */
  targetWords: number;
}

export interface StoryPlan {
  title: string;
  description: string;
  chapters: ChapterPlan[];
}

/** What an illustrator draws from: the finished story's text with its title and description. */
export interface IllustrationSubject extends StoryContent {
  title: string;
  description: string;
}

/**
 * The tokens a model reported for one call (docs/decisions/071-tokens-recorded.md). Servers that
 * report none (and the offline writer) never call a UsageListener: unknown is not zero.
 */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/** Told once per model call that reported its usage, retried attempts included. */
export type UsageListener = (usage: TokenUsage) => void;

/** Adds up the usage of several calls; `total` stays null while none reported any. */
export class TokenTally {
  total: TokenUsage | null = null;

  readonly add: UsageListener = (usage) => {
    this.total = {
      promptTokens: (this.total?.promptTokens ?? 0) + usage.promptTokens,
      completionTokens: (this.total?.completionTokens ?? 0) + usage.completionTokens,
    };
  };

  /** The total so far, counting from nothing again: what is taken is recorded only once. */
  take(): TokenUsage | null {
    const { total } = this;
    this.total = null;
    return total;
  }
}

export interface WriteChapterInput {
  request: StoryRequest;
  plan: StoryPlan;
  index: number;
  /** Chapters already written (checkpointed), for continuity. */
  previous: Chapter[];
  /** Called with the chapter's text so far (whole paragraphs plus the one in progress). */
  onProgress?: (partial: Chapter) => void;
  /** Called with the tokens of each model call that reported them. */
  onUsage?: UsageListener;
  signal?: AbortSignal;
}

export interface StoryWriter {
  /** A short label for logs and the UI ("offline writer", "gpt-4o-mini via …"). */
  readonly name: string;
  plan(request: StoryRequest, signal?: AbortSignal, onUsage?: UsageListener): Promise<StoryPlan>;
  writeChapter(input: WriteChapterInput): Promise<Chapter>;
}

/** A picture for the story: the cover (chapterIndex null) or one placed after a paragraph. */
export interface StoryImage {
  role: ImageRole;
  chapterIndex: number | null;
  paragraphIndex: number | null;
  altText: string;
  caption: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface Illustrator {
  readonly name: string;
  /** albumArtOnly: only the cover (POST /stories/{id}/regenerate_art?album_art_only=true). */
  illustrate(
    request: StoryRequest,
    content: IllustrationSubject,
    options: { albumArtOnly: boolean; signal?: AbortSignal; variant?: number },
  ): Promise<StoryImage[]>;
}

/** A failure worth retrying (timeouts, 5xx, malformed output) versus one that is final. */
export class WriterError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "WriterError";
  }
}
