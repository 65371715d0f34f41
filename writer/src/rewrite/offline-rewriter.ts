import { setTimeout as sleep } from "node:timers/promises";
import { createSeededRandom, hashString, type SeededRandom } from "../offline/seeded-random.js";
import { countWords } from "../offline/text.js";
import {
  passageParagraphs,
  type PassageRewriter,
  type RewriteInput,
  type RewriteKind,
} from "./contract.js";
import {
  DARK_SENTENCES,
  DARK_SWAPS,
  DETAIL_SENTENCES,
  DIALOGUE_LINES,
  FILLER_WORDS,
  LIGHT_SENTENCES,
  PLAIN_SWAPS,
  SPEECH_TAGS,
} from "./offline-phrases.js";

// The offline rewriter (no model): real variation from the passage's own sentences. Shorter drops
// sentences, clauses and filler words; longer adds detail; more dialogue turns narration into
// speech and adds spoken lines; darker and lighter swap words and add a sentence of that mood; the
// owner's own words get plain swaps and a detail. Every alternative differs from the original and
// from the others, and the same request gives the same answers.

export interface OfflineRewriterOptions {
  /** Pause between streamed sentences; 0 writes at once (tests). */
  paceMs?: number;
}

type Paragraphs = string[][];

export function createOfflineRewriter(options: OfflineRewriterOptions = {}): PassageRewriter {
  const paceMs = options.paceMs ?? 0;
  return {
    name: "offline rewriter",
    async rewrite(input) {
      const original = passageParagraphs(input.passage);
      const seed = hashString(`${input.seed ?? ""}|${input.instruction.kind}|${input.passage}`);
      const answers: string[] = [];
      for (let index = 0; index < input.count; index += 1) {
        const random = createSeededRandom(seed).fork(`alternative ${index}`);
        const text = distinct(rewriteOnce(original, input.instruction.kind, random, index), {
          original: original.join("\n\n"),
          earlier: answers,
          kind: input.instruction.kind,
          index,
        });
        await stream(text, index, input, paceMs);
        answers.push(text);
      }
      return answers;
    },
  };
}

function rewriteOnce(
  paragraphs: string[],
  kind: RewriteKind,
  random: SeededRandom,
  index: number,
): string {
  const sentences: Paragraphs = paragraphs.map(splitSentences);
  const rewritten = TRANSFORMS[kind](sentences, random, index);
  return rewritten.map((paragraph) => paragraph.join(" ")).join("\n\n");
}

const TRANSFORMS: Record<
  RewriteKind,
  (text: Paragraphs, random: SeededRandom, index: number) => Paragraphs
> = {
  shorter: (text, random, index) =>
    text.map((sentences) => {
      const kept = sentences.length > 1 ? keepSome(sentences, random, index) : sentences;
      return kept.map((sentence) => trimSentence(sentence, index));
    }),
  longer: (text, random, index) => addAfter(text, random, pickFrom(DETAIL_SENTENCES, index, 2)),
  more_dialogue: (text, random, index) => {
    const spoken = text.map((sentences, p) =>
      sentences.map((sentence, s) =>
        (s + p + index) % 2 === 0 && !sentence.includes('"')
          ? speak(sentence, index + s)
          : sentence,
      ),
    );
    return addAfter(spoken, random, pickFrom(DIALOGUE_LINES, index, 1));
  },
  darker: (text, random, index) =>
    addAfter(swapAll(text, DARK_SWAPS, false), random, pickFrom(DARK_SENTENCES, index, 1)),
  lighter: (text, random, index) =>
    addAfter(swapAll(text, DARK_SWAPS, true), random, pickFrom(LIGHT_SENTENCES, index, 1)),
  custom: (text, random, index) =>
    addAfter(swapAll(text, PLAIN_SWAPS, false), random, pickFrom(DETAIL_SENTENCES, index + 5, 1)),
};

/** Sentences end with . ! ? or …, closing quotes included. */
export function splitSentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?…]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== "");
}

/** About two thirds of the sentences, never none; which ones depends on the alternative. */
function keepSome(sentences: string[], random: SeededRandom, index: number): string[] {
  const drop = Math.max(1, Math.floor(sentences.length / 3));
  const order = random.shuffle(sentences.map((_, position) => position));
  const dropped = new Set(
    order.slice(0, drop).map((position) => (position + index) % sentences.length),
  );
  return sentences.filter((_, position) => !dropped.has(position));
}

/** Filler words out; from the second alternative on, a long sentence also loses its last clause. */
function trimSentence(sentence: string, index: number): string {
  let text = sentence;
  for (const word of FILLER_WORDS) text = text.replace(new RegExp(`\\s+${word}\\b`, "gi"), "");
  const comma = text.lastIndexOf(",");
  if (index > 0 && comma > 20 && countWords(text) > 10) {
    text = `${text.slice(0, comma)}${text.trimEnd().slice(-1).match(/[.!?]/) ? text.trimEnd().slice(-1) : "."}`;
  }
  return text;
}

function pickFrom(items: readonly string[], index: number, count: number): string[] {
  return Array.from({ length: count }, (_, n) => items[(index * count + n) % items.length] ?? "");
}

/** Each added sentence goes after a sentence of its own, chosen by the alternative's randomness. */
function addAfter(text: Paragraphs, random: SeededRandom, added: string[]): Paragraphs {
  const result = text.map((sentences) => [...sentences]);
  for (const sentence of added) {
    const paragraph = result[random.int(0, result.length - 1)] ?? [];
    paragraph.splice(random.int(0, paragraph.length), 0, sentence);
  }
  return result;
}

/** A narrated sentence as spoken words: "The door was open," she said. */
function speak(sentence: string, index: number): string {
  const body = sentence.replace(/[.!?…]+$/u, "");
  const end = /[!?]$/.test(sentence) ? sentence.slice(-1) : ",";
  const tag = SPEECH_TAGS[index % SPEECH_TAGS.length] ?? "she said";
  return `"${body}${end}" ${tag}.`;
}

function swapAll(
  text: Paragraphs,
  swaps: ReadonlyArray<readonly [string, string]>,
  backwards: boolean,
): Paragraphs {
  return text.map((sentences) =>
    sentences.map((sentence) =>
      swaps.reduce((current, [from, to]) => {
        const [a, b] = backwards ? [to, from] : [from, to];
        return current.replace(new RegExp(`\\b${a}\\b`, "g"), b);
      }, sentence),
    ),
  );
}

/**
 * The answer as the instruction wants it and unlike the original and the earlier alternatives: a
 * shorter one is cut to fewer words, any other gets a further sentence of its own.
 */
function distinct(
  text: string,
  {
    original,
    earlier,
    kind,
    index,
  }: { original: string; earlier: string[]; kind: RewriteKind; index: number },
): string {
  const originalWords = countWords(original);
  let answer = text;
  const fits = (candidate: string) =>
    candidate !== original &&
    !earlier.includes(candidate) &&
    (kind !== "shorter" || countWords(candidate) < originalWords) &&
    (kind !== "longer" || countWords(candidate) > originalWords);
  for (let step = 0; !fits(answer) && step < 20; step += 1) {
    if (kind === "shorter") {
      const words = original.split(/\s+/).filter((word) => word !== "");
      const keep = Math.max(1, Math.floor(words.length * (0.8 - 0.1 * ((index + step) % 7))));
      answer = `${words
        .slice(0, keep)
        .join(" ")
        .replace(/[,;:]$/, "")}…`;
    } else {
      answer = `${text} ${DETAIL_SENTENCES[(index + step + 3) % DETAIL_SENTENCES.length]}`;
    }
  }
  return answer;
}

/** The alternative sentence by sentence, as a model would stream it. */
async function stream(text: string, index: number, input: RewriteInput, paceMs: number) {
  if (input.onProgress === undefined) return;
  const pieces = text.split(/(?<=[.!?…]["”’]?\s)/u);
  let sofar = "";
  for (const piece of pieces) {
    input.signal?.throwIfAborted();
    sofar += piece;
    input.onProgress(index, sofar.trimEnd());
    if (paceMs > 0) await sleep(paceMs, undefined, { signal: input.signal });
  }
}
