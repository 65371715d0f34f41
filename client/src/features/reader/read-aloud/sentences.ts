// A paragraph cut into the sentences read aloud, each with where it sits in the paragraph's text,
// so the one being spoken can be highlighted in place.

export interface Sentence {
  /** Its words, without the spaces around it. */
  text: string;
  /** Where its words start and end in the paragraph's text. */
  start: number;
  end: number;
}

/** Sentence ends where Intl.Segmenter is missing: . ! ? … with any closing quotes or brackets. */
const FALLBACK_SENTENCE = /[^.!?…]+(?:[.!?…]+["'”’»)\]]*|$)/g;

function rawSegments(text: string): Array<{ segment: string; index: number }> {
  if (typeof Intl !== "undefined" && "Segmenter" in Intl) {
    const segmenter = new Intl.Segmenter(undefined, { granularity: "sentence" });
    return Array.from(segmenter.segment(text), ({ segment, index }) => ({ segment, index }));
  }
  return Array.from(text.matchAll(FALLBACK_SENTENCE), (match) => ({
    segment: match[0],
    index: match.index,
  }));
}

/** The paragraph's sentences in order; blank stretches are dropped, never spoken. */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  for (const { segment, index } of rawSegments(text)) {
    const leading = segment.length - segment.trimStart().length;
    const words = segment.trim();
    if (words.length === 0) continue;
    const start = index + leading;
    sentences.push({ text: words, start, end: start + words.length });
  }
  return sentences;
}
