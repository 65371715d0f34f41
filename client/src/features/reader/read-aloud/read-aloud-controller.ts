// Read aloud (docs/product.md#read-aloud): the story's paragraphs spoken one sentence at a time
// through the browser's speech synthesis. The speaking position moves only on the utterances'
// own events (a sentence's `end`), never on a timer, so the highlight follows the voice; an
// utterance cancelled by a skip or a stop is forgotten before it reports.
import { splitSentences, type Sentence } from "./sentences";

/** What the controller needs of window.speechSynthesis. */
export interface Speech {
  speak(utterance: SpeechSynthesisUtterance): void;
  cancel(): void;
  pause(): void;
  resume(): void;
}

export type ReadAloudStatus = "idle" | "playing" | "paused";

export interface ReadAloudState {
  status: ReadAloudStatus;
  /** The paragraph and its sentence being read, or null when idle. */
  position: { paragraph: number; sentence: Sentence } | null;
}

export const IDLE: ReadAloudState = { status: "idle", position: null };

interface ReadAloudOptions {
  /** The story's paragraphs (its title and chapter titles among them), in reading order. */
  paragraphs: readonly string[];
  speech: Speech;
  createUtterance: (text: string) => SpeechSynthesisUtterance;
  onChange: (state: ReadAloudState) => void;
  /** The voice gave up (no voice, a synthesis error): reading stops. */
  onError?: (error: string) => void;
}

export class ReadAloudController {
  private readonly sentences: Sentence[][];
  private current: SpeechSynthesisUtterance | null = null;
  private paragraph = 0;
  private sentence = 0;
  private status: ReadAloudStatus = "idle";

  constructor(private readonly options: ReadAloudOptions) {
    this.sentences = options.paragraphs.map(splitSentences);
  }

  /** Starts reading at a paragraph (the first with words from there). */
  play(fromParagraph = 0): void {
    const start = this.firstSpoken(fromParagraph, 1);
    this.forget();
    if (start === null) {
      this.finish();
      return;
    }
    this.status = "playing";
    this.speak(start, 0);
  }

  pause(): void {
    if (this.status !== "playing") return;
    this.options.speech.pause();
    this.status = "paused";
    this.report();
  }

  resume(): void {
    if (this.status !== "paused") return;
    this.options.speech.resume();
    this.status = "playing";
    this.report();
  }

  /** The next paragraph, read from its start (paused, reading goes on there). */
  next(): void {
    if (this.status === "idle") return;
    const target = this.firstSpoken(this.paragraph + 1, 1);
    if (target === null) {
      this.stop();
      return;
    }
    this.jump(target);
  }

  /** The paragraph before this one, read from its start; the first paragraph starts over. */
  previous(): void {
    if (this.status === "idle") return;
    this.jump(this.firstSpoken(this.paragraph - 1, -1) ?? this.paragraph);
  }

  stop(): void {
    this.forget();
    this.finish();
  }

  get state(): ReadAloudState {
    const sentence = this.sentences[this.paragraph]?.[this.sentence];
    if (this.status === "idle" || !sentence) return IDLE;
    return { status: this.status, position: { paragraph: this.paragraph, sentence } };
  }

  private jump(paragraph: number): void {
    const wasPaused = this.status === "paused";
    this.forget();
    // A paused synthesis stays paused after cancel() in Chromium: it would never speak again.
    if (wasPaused) this.options.speech.resume();
    this.status = "playing";
    this.speak(paragraph, 0);
  }

  /** The first paragraph with words from `from`, going `step` by step; null past either end. */
  private firstSpoken(from: number, step: 1 | -1): number | null {
    for (let index = from; index >= 0 && index < this.sentences.length; index += step) {
      if ((this.sentences[index]?.length ?? 0) > 0) return index;
    }
    return null;
  }

  private speak(paragraph: number, sentence: number): void {
    this.paragraph = paragraph;
    this.sentence = sentence;
    const text = this.sentences[paragraph]![sentence]!.text;
    const utterance = this.options.createUtterance(text);
    this.current = utterance;
    utterance.addEventListener("end", () => {
      if (this.current === utterance) this.advance();
    });
    utterance.addEventListener("error", (event) => {
      if (this.current !== utterance) return;
      // A cancel (ours or the browser's) is not a failure of the voice.
      if (event.error === "interrupted" || event.error === "canceled") return;
      this.stop();
      this.options.onError?.(event.error);
    });
    this.report();
    this.options.speech.speak(utterance);
  }

  private advance(): void {
    if (this.sentence + 1 < (this.sentences[this.paragraph]?.length ?? 0)) {
      this.speak(this.paragraph, this.sentence + 1);
      return;
    }
    const next = this.firstSpoken(this.paragraph + 1, 1);
    if (next === null) this.stop();
    else this.speak(next, 0);
  }

  /** Whatever is being spoken is cancelled, and its late events ignored. */
  private forget(): void {
    this.current = null;
    this.options.speech.cancel();
  }

  private finish(): void {
    this.status = "idle";
    this.paragraph = 0;
    this.sentence = 0;
    this.report();
  }

  private report(): void {
    this.options.onChange(this.state);
  }
}
