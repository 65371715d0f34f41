// Business constants and limits (docs/product.md#limits), shared by the client and the api so
// both enforce the same numbers.

/** The default minimum password length, for when the identity server gives none. */
export const MIN_PASSWORD_LENGTH = 6;

/** A comment's maximum length, in characters. */
export const COMMENT_MAX_LENGTH = 1000;

/** General comments longer than this collapse to 3 lines with "Show more". */
export const COMMENT_COLLAPSE_THRESHOLD = 200;

/** An inline comment's selection must be longer than this many characters. */
export const INLINE_SELECTION_MIN_EXCLUSIVE = 3;

/** Story cards in each section of the home page (Fresh Threads, Trending Now). */
export const HOME_SECTION_CARDS = 9;
/** A public story list's page when the caller names no size. */
export const LIST_DEFAULT_SIZE = 8;
/** The most stories one page of a public list (or of bookmarks) may hold. */
export const LIST_MAX_SIZE = 50;
/** My Stories reads up to this many stories a page. */
export const MY_STORIES_PAGE_SIZE = 100;
/**
 * The most pieces a search result's highlighted title or excerpt is cut into; past it the rest is
 * one plain piece (docs/decisions/024), so an operation's cost can count them.
 */
export const HIGHLIGHT_PIECES_MAX = 21;
/** The most comments (replies included) a story's discussion loads at once. */
export const COMMENTS_LIMIT = 500;

/** Usernames: 3 to 30 lower-case letters, digits and underscores. */
export const USERNAME_PATTERN = /^[a-z0-9_]{3,30}$/;

export function isValidUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value);
}

/** The most versions of a story the api lists, newest first (docs/product.md, the studio). */
export const STORY_VERSIONS_LIST_MAX = 200;

/** Rewriting a passage (docs/product.md#rewrite-a-passage): the selection's most characters. */
export const REWRITE_SELECTION_MAX = 4000;
/** The owner's own instruction for a rewrite: at most this many characters. */
export const REWRITE_INSTRUCTION_MAX = 300;
/** How many alternatives a rewrite writes. */
export const REWRITE_ALTERNATIVES = 3;
/** The most readers' notes one revision follows. */
export const REVISION_NOTES_MAX = 10;
