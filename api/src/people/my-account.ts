import type { Database } from "../platform/db/database.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import type { UserRecord } from "../platform/db/schema.js";
import {
  IdentityUnavailableError,
  type IdentityProvider,
} from "../platform/identity/identity-provider.js";
import { unavailable } from "../platform/lib/errors.js";
import type { WarningLog } from "../platform/lib/warning-log.js";
import { objectKeysOfUser } from "../stories/story-pictures.js";
import { profileGone, usernameTaken } from "./profile-rules.js";
import { isReservedUsername } from "./username-rules.js";
import {
  UsernameTakenError,
  type ConsentFlag,
  type ProfileChanges,
  type UsersQueries,
} from "./users-queries.js";

// The signed-in person's own profile and account (docs/product.md#my-profile, #settings).

export const ACCOUNT_NOT_DELETED = "Your account could not be deleted just now. Please try again.";
export const SIGN_IN_NOT_DELETED =
  "Your data was deleted, but your sign-in account could not be removed. Please try again.";

/**
 * Saves the given profile fields; a username another person has, or one kept from people
 * (username-rules.ts), is refused as taken (409).
 */
export async function updateMyProfile(
  users: UsersQueries,
  me: UserRecord,
  changes: ProfileChanges,
): Promise<UserRecord> {
  if (Object.keys(changes).length === 0) return me;
  const { username } = changes;
  if (username !== undefined && username !== me.username && isReservedUsername(username)) {
    throw usernameTaken();
  }
  try {
    const updated = await users.updateProfile(me.id, changes);
    if (updated === null) throw profileGone();
    return updated;
  } catch (error) {
    if (error instanceof UsernameTakenError) throw usernameTaken();
    throw error;
  }
}

/** Age verification and acceptances, each set once: the first is the one on record. */
export async function recordConsent(
  users: UsersQueries,
  me: UserRecord,
  flag: ConsentFlag,
): Promise<UserRecord> {
  const updated = await users.setFlagOnce(me.id, flag);
  if (updated === null) throw profileGone();
  return updated;
}

export interface DeleteAccountDeps {
  db: Database;
  users: UsersQueries;
  identity: IdentityProvider;
  /** The bucket of pictures (decision 028): a deleted account's go with it. */
  media: MediaStore | null;
}

/**
 * Deletes the person's profile, everything they own, and their sign-in account. Our data first,
 * with a tombstone of the uid (decision 040): if the identity provider then fails, the person's
 * next request with their token tries again (people/authenticate.ts), rather than leaving data of
 * a person who cannot sign in. Pictures in object storage
 * (decision 028): the public copies go first, or nothing does; the rest after the rows (a failure
 * there leaves objects no URL names, logged by key).
 */
export async function deleteMyAccount(
  deps: DeleteAccountDeps,
  me: UserRecord,
  log: WarningLog,
): Promise<void> {
  const objects = await objectKeysOfUser(deps.db, deps.media, me.id);
  await deps.media?.remove(objects.public).catch((error: unknown) => {
    log.warn({ err: error }, "deleting an account's public pictures failed");
    throw unavailable(ACCOUNT_NOT_DELETED);
  });
  // The uid is tombstoned with the rows: no request can bring the profile back (decision 040).
  await deps.users.delete(me);
  await deps.media?.remove(objects.stored).catch((error: unknown) => {
    log.warn({ err: error, keys: objects.stored }, "deleting an account's pictures failed");
  });
  try {
    await deps.identity.deleteUser(me.firebaseUid);
    await deps.users.markSignInRemoved(me.firebaseUid);
  } catch (error) {
    if (error instanceof IdentityUnavailableError) {
      log.warn({ err: error.cause ?? error }, "deleting the Firebase user failed");
      throw unavailable(SIGN_IN_NOT_DELETED);
    }
    throw error;
  }
}
