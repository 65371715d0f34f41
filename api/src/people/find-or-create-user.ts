import { customAlphabet } from "nanoid";
import type { UserRecord } from "../platform/db/schema.js";
import type { UsersQueries } from "./users-queries.js";
import type { VerifiedIdentity } from "../platform/identity/identity-provider.js";
import { DISPLAY_NAME_MAX_LENGTH, isHttpsUrl, normalizeText } from "./profile-rules.js";
import { deriveUsername, FALLBACK_USERNAME, firstFreeUsername } from "./username-rules.js";

/** findOrCreateUser's answer for the uid of a deleted account (migration 0012). */
export const DELETED_ACCOUNT = "deleted_account";

const NUMBERED_ATTEMPTS = 5;
const RANDOM_ATTEMPTS = 5;
const randomSuffix = customAlphabet("abcdefghijklmnopqrstuvwxyz0123456789", 6);

/**
 * The profile of the person an ID token names, created on their first signed-in call. Safe under
 * concurrency without locks: the insert does nothing when the uid or the username is already taken,
 * then we look again. Two first calls of one person yield one row; two people wanting one username
 * get `name` and `name_2`. The uid of a deleted account gets none (DELETED_ACCOUNT): a request
 * that verified its token before the deletion cannot bring the profile back (decision 040).
 */
export async function findOrCreateUser(
  users: UsersQueries,
  identity: VerifiedIdentity,
): Promise<UserRecord | typeof DELETED_ACCOUNT> {
  const existing = await users.findByFirebaseUid(identity.uid);
  if (existing) return syncEmail(users, existing, identity);
  if (await users.deletedAccount(identity.uid)) return DELETED_ACCOUNT;

  const base = deriveUsername({ displayName: identity.name });
  // Without a name of their own, people are reader_<random>: numbering every nameless person's
  // "reader" would be a long search, and it would tell how many joined.
  const numbered = base === FALLBACK_USERNAME ? 0 : NUMBERED_ATTEMPTS;
  for (let attempt = 0; attempt < numbered + RANDOM_ATTEMPTS; attempt += 1) {
    // Past a few lost races for the numbered names, a random suffix ends the contest at once.
    const username =
      attempt < numbered
        ? firstFreeUsername(base, await users.usernamesLike(base))
        : `${base}_${randomSuffix()}`;
    const created = await users.insertIfAbsent({
      firebaseUid: identity.uid,
      email: identity.email,
      username,
      // The token's name and picture seed the profile, within the limits an edit must respect.
      displayName: normalizeText(identity.name)?.slice(0, DISPLAY_NAME_MAX_LENGTH) ?? null,
      avatarUrl:
        identity.picture !== null && isHttpsUrl(identity.picture) ? identity.picture : null,
    });
    if (created) return created;
    const raced = await users.findByFirebaseUid(identity.uid);
    if (raced) return raced;
    // Deleted meanwhile (a request that verified the token before the deletion): never again.
    if (await users.deletedAccount(identity.uid)) return DELETED_ACCOUNT;
  }
  throw new Error(`could not find a free username for "${base}"`);
}

/** The e-mail belongs to the identity provider; a change there shows here on the next call. */
async function syncEmail(
  users: UsersQueries,
  user: UserRecord,
  identity: VerifiedIdentity,
): Promise<UserRecord> {
  if (identity.email === null || identity.email === user.email) return user;
  return (await users.updateEmail(user.id, identity.email)) ?? user;
}
