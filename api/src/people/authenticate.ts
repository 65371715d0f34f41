import type { UserRecord } from "../platform/db/schema.js";
import type { UsersQueries } from "./users-queries.js";
import {
  IdentityUnavailableError,
  InvalidTokenError,
  type IdentityProvider,
  type VerifiedIdentity,
} from "../platform/identity/identity-provider.js";
import { unauthenticated, unavailable } from "../platform/lib/errors.js";
import { findOrCreateUser } from "./find-or-create-user.js";

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
): Authenticator {
  const admins = new Set(adminEmails);
  async function withListedRole(user: UserRecord, who: VerifiedIdentity): Promise<UserRecord> {
    if (!who.emailVerified || who.email === null || !admins.has(who.email.toLowerCase())) {
      return user;
    }
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
      const who = await identity.verifyIdToken(token);
      return await withListedRole(await findOrCreateUser(users, who), who);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        onRefused?.(error.message);
        throw unauthenticated(INVALID_TOKEN);
      }
      if (error instanceof IdentityUnavailableError) throw unavailable(IDENTITY_UNAVAILABLE);
      throw error;
    }
  }
  return { userOf } as Authenticator;
}
