import { READER_FONTS, THEMES } from "@storyloom/common";
import { Type, type Static } from "typebox";
import type { ProfileChanges } from "./users-queries.js";
import {
  AVATAR_URL_MAX_LENGTH,
  BIO_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  isHttpsUrl,
  normalizeText,
} from "./profile-rules.js";
import { USERNAME_PATTERN } from "./username-rules.js";
import { invalid } from "../platform/lib/errors.js";

// Every field optional: only the fields sent change (the BFF sends only what the user edited).
export const UpdateProfileBody = Type.Object(
  {
    username: Type.Optional(
      Type.String({
        pattern: USERNAME_PATTERN,
        description: "3 to 30 characters, each a lower-case letter, digit or underscore.",
      }),
    ),
    display_name: Type.Optional(
      Type.Union([Type.String({ maxLength: DISPLAY_NAME_MAX_LENGTH }), Type.Null()], {
        description: `At most ${DISPLAY_NAME_MAX_LENGTH} characters; null or blank clears it.`,
      }),
    ),
    avatar_url: Type.Optional(
      Type.Union(
        [Type.String({ maxLength: AVATAR_URL_MAX_LENGTH, pattern: "^https://\\S+$" }), Type.Null()],
        { description: `An https URL of at most ${AVATAR_URL_MAX_LENGTH} characters, or null.` },
      ),
    ),
    bio: Type.Optional(
      Type.Union([Type.String({ maxLength: BIO_MAX_LENGTH }), Type.Null()], {
        description: `At most ${BIO_MAX_LENGTH} characters; null or blank clears it.`,
      }),
    ),
    theme: Type.Optional(
      Type.Union([Type.Enum([...THEMES]), Type.Null()], {
        description: "The site's theme, kept with the account; null follows the system.",
      }),
    ),
    reader_font: Type.Optional(
      Type.Union([Type.Enum([...READER_FONTS]), Type.Null()], {
        description: "The reader's font, kept with the account; null is the default (Roboto).",
      }),
    ),
  },
  { additionalProperties: false },
);
export type UpdateProfileJson = Static<typeof UpdateProfileBody>;

/** The changes UsersQueries saves for a valid body: text trimmed, blanks as null, URLs checked. */
export function profileChanges(body: UpdateProfileJson): ProfileChanges {
  const changes: ProfileChanges = {};
  if (body.username !== undefined) changes.username = body.username;
  if (body.display_name !== undefined) changes.displayName = normalizeText(body.display_name);
  if (body.bio !== undefined) changes.bio = normalizeText(body.bio);
  if (body.theme !== undefined) changes.theme = body.theme;
  if (body.reader_font !== undefined) changes.readerFont = body.reader_font;
  if (body.avatar_url !== undefined) {
    if (body.avatar_url !== null && !isHttpsUrl(body.avatar_url)) {
      throw invalid("avatar_url", "avatar_url is not valid: an https URL with a host.");
    }
    changes.avatarUrl = body.avatar_url;
  }
  return changes;
}
