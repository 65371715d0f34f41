import { lowerFirst, uniqueIgnoringCase } from "../text.js";
import { CAPITALISED_FUNCTION_WORDS } from "../words/outline.js";

// The outline's events: its sentences, long ones cut into clauses, to be woven into the chapters
// verbatim so the story tells what the writer asked for.

/** Openings of prompts ("Write a story about…") that are instructions, not story. */
const PROMPT_PREFIX =
  /^(?:please\s+)?(?:(?:write|tell|create|generate|give)\s+(?:me\s+|us\s+)?)?(?:an?\s+)?(?:(?:short|long|little|fun|funny|dark|cozy|cosy)\s+)*(?:story|tale)\s+(?:about|of|where|in\s+which|set\s+in|featuring)\s+/i;

const MAX_EVENT_WORDS = 40;
const MIN_EVENT_WORDS = 3;

/**
 * The outline split into sentences, and over-long sentences into clauses, so each can sit inside
 * a paragraph. Prompt openings ("Write a story about") are dropped; text is otherwise verbatim.
 */
export function splitEvents(text: string): string[] {
  const sentences = text
    .split(/(?<=[.!?])["”')]*\s+|\s*[;\n]\s*|\s+[—–]\s+/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const events: string[] = [];
  for (const sentence of sentences) {
    for (const clause of clausesOf(sentence)) {
      const event = cleanEvent(clause);
      if (event !== null) events.push(event);
    }
  }
  return uniqueIgnoringCase(events);
}

function clausesOf(sentence: string): string[] {
  if (wordCount(sentence) <= MAX_EVENT_WORDS) return [sentence];
  const pieces = sentence.split(/,\s+(?:and\s+|but\s+|then\s+)?/);
  const clauses: string[] = [];
  for (const piece of pieces) {
    const last = clauses[clauses.length - 1];
    // Short fragments rejoin the clause before them so no piece reads as a stray phrase.
    if (last !== undefined && (wordCount(piece) < 6 || wordCount(last) < 6)) {
      clauses[clauses.length - 1] = `${last}, ${piece}`;
    } else {
      clauses.push(piece);
    }
  }
  return clauses.map((clause) => clipWords(clause, MAX_EVENT_WORDS));
}

function cleanEvent(clause: string): string | null {
  let event = clause.replace(PROMPT_PREFIX, "").trim();
  event = event.replace(/^["“'‘(]+|["”'’)]+$/gu, "").trim();
  event = event.replace(/[\s.!?,;:]+$/u, "");
  if (wordCount(event) < MIN_EVENT_WORDS) return null;
  // Events are framed mid-sentence ("It came down to this: …"), so a capitalised function word
  // at their start is lowered; names keep their capitals.
  const first = event.split(" ")[0] ?? "";
  if (CAPITALISED_FUNCTION_WORDS.has(first.toLowerCase()) && first !== "I") {
    event = lowerFirst(event);
  }
  return event;
}

function clipWords(text: string, max: number): string {
  const words = text.split(" ");
  return words.length <= max ? text : words.slice(0, max).join(" ");
}

function wordCount(text: string): number {
  return text.split(" ").filter(Boolean).length;
}
