import { conflict, notFound, type Failure } from "../platform/lib/errors.js";

// Limits of the editable profile fields, shared by the request schema and profile creation.
export const DISPLAY_NAME_MAX_LENGTH = 60;
export const BIO_MAX_LENGTH = 500;
export const AVATAR_URL_MAX_LENGTH = 500;

/**
 * An absolute https URL with a host: avatars are rendered as <img src>, never other schemes, and
 * an http picture would be mixed content the site's policy blocks (docs/decisions/025).
 */
export function isHttpsUrl(value: string): boolean {
  if (value.length > AVATAR_URL_MAX_LENGTH) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Display name and bio are free text; surrounding blanks are noise and "" means none. */
export function normalizeText(value: string | null): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/** The caller's row went away after the guard read it: deleted by a concurrent request. */
export function profileGone(): Failure {
  return notFound("Your profile no longer exists.");
}

/** Another person has the username, ignoring case. */
export function usernameTaken(): Failure {
  return conflict("USERNAME_TAKEN", "That username is taken.", { field: "username" });
}
