import { PHRASE_BREAKERS } from "../words/outline.js";

// The outline as words: each with its punctuation noted (a comma, a full stop, a possessive), and
// the tests on words that the readers of names, phrases and places share.

export interface Token {
  /** The word without surrounding punctuation ("Mara" from "Mara,"). */
  core: string;
  lower: string;
  /** Punctuation after the word ends a phrase (comma, full stop, dash, closing quote). */
  breakAfter: boolean;
  /** A comma right after the word: what follows may be an apposition ("Mara, a cartographer"). */
  commaAfter: boolean;
  /** "Mara's": a name ends here. */
  possessive: boolean;
  sentenceStart: boolean;
}

export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  let sentenceStart = true;
  for (const raw of text.split(" ")) {
    const core = raw.replace(/^[^\p{L}\p{N}]+/u, "").replace(/[^\p{L}\p{N}]+$/u, "");
    if (core === "") continue;
    const possessive = /['’]s$/u.test(core);
    const word = possessive ? core.slice(0, -2) : core;
    const trailing = /[^\p{L}\p{N}]*$/u.exec(raw)?.[0] ?? "";
    tokens.push({
      core: word,
      lower: word.toLowerCase(),
      breakAfter: /[,;:.!?)"”—–-]/u.test(trailing),
      commaAfter: trailing.startsWith(","),
      possessive,
      sentenceStart,
    });
    sentenceStart = /[.!?]["”')]*$/u.test(raw);
  }
  return tokens;
}

/** An outline Written Like A Headline gives no signal from capitals, so names are not guessed. */
export function titleCased(tokens: readonly Token[]): boolean {
  const words = tokens.filter((token) => /^\p{L}/u.test(token.core));
  if (words.length < 5) return false;
  const capitalised = words.filter((token) => isCapitalised(token.core)).length;
  return capitalised / words.length > 0.6;
}

export function isCapitalised(word: string): boolean {
  return /^\p{Lu}\p{Ll}/u.test(word);
}

export function isPlainWord(token: Token): boolean {
  return /^\p{Ll}[\p{Ll}'’-]*$/u.test(token.core) && !PHRASE_BREAKERS.has(token.lower);
}

/** "finds", "vanished": third-person or past-tense endings (crude, but phrases are short). */
export function looksLikeVerb(word: string): boolean {
  return /(?:[^su]s|ed)$/.test(word);
}
