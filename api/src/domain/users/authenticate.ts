import type { UserRecord } from "../../db/schema.js";
import type { UsersRepository } from "../../db/users-repository.js";
import {
  IdentityUnavailableError,
  InvalidTokenError,
  type IdentityProvider,
} from "../../identity/identity-provider.js";
import { unauthenticated, unavailable } from "../../lib/errors.js";
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

export function createAuthenticator(
  identity: IdentityProvider,
  users: UsersRepository,
): Authenticator {
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
      return await findOrCreateUser(users, await identity.verifyIdToken(token));
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
