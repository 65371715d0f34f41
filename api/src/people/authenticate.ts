import type { UserRecord } from "../platform/db/schema.js";
import type { UsersQueries } from "./users-queries.js";
import {
  IdentityUnavailableError,
  InvalidTokenError,
  type IdentityProvider,
  type VerifiedIdentity,
} from "../platform/identity/identity-provider.js";
import { cleanIdentity } from "../platform/identity/identity-claims.js";
import { unauthenticated, unavailable } from "../platform/lib/errors.js";
import { DELETED_ACCOUNT, findOrCreateUser } from "./find-or-create-user.js";
import { createViewerProfiles, type ViewerProfiles } from "./viewer-profiles.js";

// The api is the authority on identity: every route and the live channel turn the caller's ID
// token into a user here, so both refuse the same tokens with the same words.

export const AUTHENTICATION_REQUIRED = "Authentication required.";
export const INVALID_TOKEN = "Invalid or expired token.";
export const IDENTITY_UNAVAILABLE = "Sign-in cannot be checked right now. Please try again.";

/** Told why a token was refused (never the token itself), for the log. */
export type OnRefused = (reason: string) => void;

export interface Authenticator {
  /**
   * The user `token` names, created on their first call. A missing token (null) is a visitor
   * when `required` is false; a malformed (empty), invalid or expired one fails unauthenticated,
   * and an identity service that cannot be reached fails unavailable.
   */
  userOf(token: string | null, required: true, onRefused?: OnRefused): Promise<UserRecord>;
  userOf(
    token: string | null,
    required: boolean,
    onRefused?: OnRefused,
  ): Promise<UserRecord | null>;
}

/**
 * `adminEmails` (ADMIN_EMAILS, lower-cased): a person whose verified e-mail is listed becomes an
 * admin when they authenticate, so a site can get its first admin while it runs. Leaving the list
 * takes nothing away (docs/decisions/017-shared-and-per-address-limits.md).
 */
export function createAuthenticator(
  identity: IdentityProvider,
  users: UsersQueries,
  adminEmails: readonly string[] = [],
  /** Viewers' profiles remembered between requests (viewer-profiles.ts); none by default. */
  profiles: ViewerProfiles = createViewerProfiles(0),
): Authenticator {
  const admins = new Set(adminEmails);
  const isListedAdmin = (who: VerifiedIdentity) =>
    who.emailVerified && who.email !== null && admins.has(who.email.toLowerCase());
  async function withListedRole(user: UserRecord, who: VerifiedIdentity): Promise<UserRecord> {
    if (!isListedAdmin(who)) return user;
    if (user.roles.includes("admin")) return user;
    return (await users.addRole(user.id, "admin")) ?? user;
  }

  async function userOf(
    token: string | null,
    required: boolean,
    onRefused?: OnRefused,
  ): Promise<UserRecord | null> {
    if (token === null) {
      if (required) throw unauthenticated(AUTHENTICATION_REQUIRED);
      return null;
    }
    if (token.trim() === "") throw unauthenticated(INVALID_TOKEN);
    try {
      const who = cleanIdentity(await identity.verifyIdToken(token));
      const remembered = profiles.get(who.uid);
      // Remembered unless the token tells something the profile must take first.
      if (
        remembered !== undefined &&
        (who.email === null || who.email === remembered.email) &&
        (!isListedAdmin(who) || remembered.roles.includes("admin"))
      ) {
        return remembered;
      }
      const mark = profiles.mark();
      const found = await findOrCreateUser(users, who);
      if (found === DELETED_ACCOUNT) {
        await finishDeletion(who.uid);
        throw new InvalidTokenError("the account was deleted");
      }
      const user = await withListedRole(found, who);
      profiles.set(user, mark);
      return user;
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        onRefused?.(error.message);
        throw unauthenticated(INVALID_TOKEN);
      }
      if (error instanceof IdentityUnavailableError) throw unavailable(IDENTITY_UNAVAILABLE);
      throw error;
    }
  }
  /**
   * A token of a deleted account (decision 040) is refused; if removing its sign-in account failed
   * when it was deleted, it is tried again now, so the person's retry finishes the job.
   */
  async function finishDeletion(uid: string): Promise<void> {
    const deleted = await users.deletedAccount(uid);
    if (deleted === null || deleted.signInRemoved) return;
    try {
      await identity.deleteUser(uid);
      await users.markSignInRemoved(uid);
    } catch (error) {
      if (!(error instanceof IdentityUnavailableError)) throw error;
    }
  }
  return { userOf } as Authenticator;
}
