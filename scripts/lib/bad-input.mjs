// What an attacker sends, as fast-check generators shared by the api's and the bff's property
// tests of bad input (docs/decisions/015-input-validation-at-the-edge.md). Every value here is one
// the api must refuse with a 4xx, whatever field it lands in.
import fc from "fast-check";

const codes = (from, to) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** Control characters (Unicode Cc) other than tab, line feed and carriage return. */
export const FORBIDDEN_CONTROLS = [
  ...codes(0x00, 0x08),
  0x0b,
  0x0c,
  ...codes(0x0e, 0x1f),
  ...codes(0x7f, 0x9f),
].map((code) => String.fromCharCode(code));

/** UTF-16 halves without their other half: no UTF-8 text, so no database column, holds them. */
export const LONE_SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff"];

/** The characters of the api's ids (nanoids): letters, digits, `_` and `-`. */
export const ID_CHARACTERS = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-",
];

/**
 * One character no request string may hold; NUL (PostgreSQL refuses it in text) most often.
 * `surrogates: false` leaves out lone surrogates, which a URL cannot carry (JSON can).
 */
export const forbiddenCharacter = ({ surrogates = true } = {}) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant("\u0000") },
    { weight: 3, arbitrary: fc.constantFrom(...FORBIDDEN_CONTROLS) },
    ...(surrogates ? [{ weight: 1, arbitrary: fc.constantFrom(...LONE_SURROGATES) }] : []),
  );

/**
 * `text` with a forbidden character put in somewhere, so that character is all that is wrong with
 * it. fast-check's strings are printable ASCII: nothing pairs with an inserted surrogate.
 */
export const withForbiddenCharacter = (text, options) =>
  fc
    .tuple(fc.nat({ max: text.length }), forbiddenCharacter(options))
    .map(([at, character]) => `${text.slice(0, at)}${character}${text.slice(at)}`);

/** Printable text of at most `maxLength` characters with a forbidden character inside. */
export const forbiddenText = (maxLength = 40, options) =>
  fc
    .string({ maxLength: Math.max(0, maxLength - 1) })
    .chain((text) => withForbiddenCharacter(text, options));

/** Text longer than `maxLength`, of characters that would otherwise be fine. */
export const tooLong = (maxLength, characters = ID_CHARACTERS) =>
  fc.string({
    unit: fc.constantFrom(...characters),
    minLength: maxLength + 1,
    maxLength: maxLength + 1 + Math.min(maxLength * 4, 2000),
  });

/** Ids no api object has: odd characters, control characters, or far too long. */
export const badId = (options) =>
  fc.oneof(
    { weight: 4, arbitrary: forbiddenText(20, options) },
    { weight: 2, arbitrary: tooLong(64) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        " ",
        "a b",
        "émile",
        "😀",
        "a/b",
        "a?b=1",
        "a#b",
        "a%b",
        "%00",
        "a,b",
        "a.b",
        "<script>",
        "' or '1'='1",
        "a\\b",
        "a\tb",
        "a\nb",
      ),
    },
  );

/** base64url JSON, as the api's list cursors are written (api/src/platform/lib/cursor.ts). */
export const encodeApiCursor = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A timestamp the way the api's keyset cursors carry one (PostgreSQL's text of a timestamptz). */
export const GOOD_KEYSET_INSTANT = "2024-05-01 12:00:00.123456+00";
export const GOOD_RANKED_INSTANT = "2024-05-01T12:00:00.000Z";

/**
 * Instants JavaScript's Date accepts and PostgreSQL does not (bare numbers, years past ±10000,
 * days and hours out of range), and a few neither accepts.
 */
export const badInstant = () =>
  fc.oneof(
    fc.constantFrom(
      "1",
      "12",
      "2024",
      "0",
      "-1",
      "123456",
      "+010000-01-01T00:00:00.000Z",
      "-010000-01-01T00:00:00.000Z",
      "+275760-09-13T00:00:00.000Z",
      "-271821-04-20T00:00:00.000Z",
      "2024-02-30 00:00:00+00",
      "2024-13-01 00:00:00+00",
      "2024-01-01 24:00:01+00",
      "2024-01-01 00:00:00+16",
      "Mon, 01 Jan 10000 00:00:00 GMT",
      "January 1, 20000",
      "2024-01-01 00:00:00.123456+00 junk",
      "soon",
      "",
    ),
    fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
    fc
      .integer({ min: 10_000, max: 275_760 })
      .chain((year) =>
        fc
          .constantFrom("+", "-")
          .map((sign) => `${sign}${String(year).padStart(6, "0")}-01-01T00:00:00.000Z`),
      ),
    forbiddenText(10).map((junk) => `${GOOD_KEYSET_INSTANT}${junk}`),
  );

/** Row counts no SQL OFFSET takes: past 2^53, fractions, negatives. */
const BAD_SKIPS = [-1, 1.5, 2 ** 53 + 2, 2 ** 63, 1e21, 1e308];

/**
 * Cursors of the api's lists that only look right: a list's own tag with a bad instant, id or
 * skip, plus plain garbage. `list` narrows the tags to one list's (`newest`, `popular`…).
 */
export const badApiCursor = (lists = ["newest", "bookmarks", "mine", "popular"]) => {
  const keysetLists = lists.filter((list) => list !== "popular");
  const variants = [
    { weight: 2, arbitrary: forbiddenText(30) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  ];
  if (keysetLists.length > 0) {
    variants.push(
      {
        weight: 5,
        arbitrary: fc
          .tuple(fc.constantFrom(...keysetLists), badInstant(), fc.constant("story1"))
          .map(encodeApiCursor),
      },
      {
        weight: 3,
        arbitrary: fc
          .tuple(fc.constantFrom(...keysetLists), fc.constant(GOOD_KEYSET_INSTANT), badId())
          .map(encodeApiCursor),
      },
    );
  }
  if (lists.includes("popular")) {
    variants.push(
      {
        weight: 5,
        arbitrary: fc.tuple(fc.constant("popular"), badInstant(), fc.nat(100)).map(encodeApiCursor),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            fc.constant("popular"),
            fc.constant(GOOD_RANKED_INSTANT),
            fc.constantFrom(...BAD_SKIPS),
          )
          .map(encodeApiCursor),
      },
    );
  }
  return fc.oneof(...variants);
};

/**
 * Enough of `text` to recognise it in a failure report, every character that does not print
 * (controls, lone surrogates) written as `\uXXXX`.
 */
export function preview(text, maxLength = 100) {
  const shown = text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
  let escaped = "";
  for (const character of shown) {
    const code = character.charCodeAt(0);
    const printable =
      character.length === 2 ||
      (code >= 0x20 && code < 0x7f) ||
      (code > 0x9f && (code < 0xd800 || code > 0xdfff));
    escaped += printable ? character : `\\u${code.toString(16).padStart(4, "0")}`;
  }
  return text.length > maxLength ? `"${escaped}" (${text.length} characters)` : `"${escaped}"`;
}
