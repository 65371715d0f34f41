/** Who a valid ID token says the caller is. */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  /** Whether the identity service has seen the person prove the e-mail is theirs. */
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  /** When the token expires (ms since the epoch): a cached verification ends then at the latest. */
  expiresAt: number;
}

/**
 * The hosted identity service, seen from the api. Firebase Auth in every mode; tests and the
 * OpenAPI dump may pass their own.
 */
export interface IdentityProvider {
  /**
   * Rejects with InvalidTokenError for a malformed, expired, forged, foreign or revoked token, or
   * one of a disabled or deleted user.
   */
  verifyIdToken(token: string): Promise<VerifiedIdentity>;
  /** Deletes the sign-in account; resolves when it is already gone. */
  deleteUser(uid: string): Promise<void>;
  /** Safe to call more than once. */
  close(): Promise<void>;
}

/** The token is not acceptable; the caller answers 401. */
export class InvalidTokenError extends Error {
  override name = "InvalidTokenError";
}

/** The identity service could not be asked (network, credentials); the caller answers 503. */
export class IdentityUnavailableError extends Error {
  override name = "IdentityUnavailableError";
}
