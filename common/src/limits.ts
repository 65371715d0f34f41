// Business constants and limits of spec §9 (and §5), shared by the client and the api so both
// enforce the same numbers.

/** Spec §5: default minimum password length when the identity server gives none. */
export const MIN_PASSWORD_LENGTH = 6;

/** Spec §9: a comment's maximum length, in characters. */
export const COMMENT_MAX_LENGTH = 1000;

/** Spec §9: general comments longer than this collapse to 3 lines with "Show more". */
export const COMMENT_COLLAPSE_THRESHOLD = 200;

/** Spec §5, §9: an inline selection must be longer than this many characters. */
export const INLINE_SELECTION_MIN_EXCLUSIVE = 3;

/** Spec §9: list sizes. */
export const HOME_SECTION_CARDS = 9;
export const MY_STORIES_PAGE_SIZE = 100;
export const COMMENTS_LIMIT = 500;

/** Usernames: 3 to 30 lower-case letters, digits and underscores. */
export const USERNAME_PATTERN = /^[a-z0-9_]{3,30}$/;

export function isValidUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value);
}
