// What every request may carry, checked by the api at its edge and by the bff before it builds an
// upstream request, so both refuse the same input in the same words
// (docs/decisions/015-input-validation-at-the-edge.md).

/** The longest id of any api object (public ids, comment, media and user ids are shorter). */
export const API_ID_MAX_LENGTH = 64;

/** The api's ids are nanoids: letters, digits, `_` and `-`. As a JSON-schema pattern. */
export const API_ID_PATTERN = `^[A-Za-z0-9_-]{1,${API_ID_MAX_LENGTH}}$`;
const API_ID = new RegExp(API_ID_PATTERN);

/** How an id must look, for the messages that refuse one. */
export const API_ID_RULE = `1 to ${API_ID_MAX_LENGTH} letters, digits, _ or -`;

/** Whether `value` can be an api object's id at all (it may still name nothing). */
export function isApiId(value: string): boolean {
  return API_ID.test(value);
}

/**
 * Control characters (Unicode Cc) other than tab, line feed and carriage return, and UTF-16
 * surrogates without their other half. PostgreSQL refuses NUL in text and unpaired surrogates in
 * JSON, a URL cannot carry an unpaired surrogate, and none of them belongs in a title, a name or
 * an id; line breaks and tabs do belong in outlines, comments and stories.
 */
const FORBIDDEN_CHARACTER = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;

/** The first character of `text` no request may carry, or null when there is none. */
export function forbiddenCharacterIn(text: string): string | null {
  return FORBIDDEN_CHARACTER.exec(text)?.[0] ?? null;
}

/**
 * The first forbidden character in any string of `value`, object keys included, with the keys that
 * lead to it; null when there is none. Each tier writes the path its own way (a JSON pointer in
 * the api, a dotted argument path in the bff).
 */
export function findForbiddenCharacter(
  value: unknown,
  path: readonly string[] = [],
): { path: string[]; character: string } | null {
  if (typeof value === "string") {
    const character = forbiddenCharacterIn(value);
    return character === null ? null : { path: [...path], character };
  }
  if (typeof value !== "object" || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const inKey = forbiddenCharacterIn(key);
    if (inKey !== null) return { path: [...path, key], character: inKey };
    const found = findForbiddenCharacter(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** `the control character U+0000`, `an unpaired surrogate U+D800`: for messages. */
export function describeCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  const name = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return code >= 0xd800 && code <= 0xdfff
    ? `an unpaired surrogate (${name})`
    : `the control character ${name}`;
}

/** The sentence refusing `field` for holding `character`. */
export const forbiddenCharacterMessage = (field: string, character: string) =>
  `${field} must not contain ${describeCharacter(character)}.`;
