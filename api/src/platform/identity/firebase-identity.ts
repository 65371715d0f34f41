import { deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth, type DecodedIdToken } from "firebase-admin/auth";
import { nanoid } from "nanoid";
import {
  IdentityUnavailableError,
  InvalidTokenError,
  type IdentityProvider,
  type VerifiedIdentity,
} from "./identity-provider.js";

/**
 * Firebase Auth through firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST in the environment
 * firebase-admin talks to the emulator and skips signature checks (which is why config refuses
 * it in production); otherwise it verifies tokens with Google's public keys and manages users with
 * application default credentials (GOOGLE_APPLICATION_CREDENTIALS).
 */
export function createFirebaseIdentity(projectId: string): IdentityProvider {
  // A named app per instance, so several api instances in one process (tests) stay independent.
  const app = initializeApp({ projectId }, `storyloom-api-${nanoid(8)}`);
  const auth = getAuth(app);
  let closed: Promise<void> | undefined;
  return {
    async verifyIdToken(token) {
      try {
        // checkRevoked: a token of a disabled or deleted user, or issued before its refresh tokens
        // were revoked, is refused (one lookup of the user; cached-identity.ts spares repeats).
        return identityOf(await auth.verifyIdToken(token, true));
      } catch (error) {
        throw isOutage(error)
          ? new IdentityUnavailableError("cannot verify ID tokens right now", { cause: error })
          : new InvalidTokenError(firebaseMessage(error), { cause: error });
      }
    },
    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if (firebaseCode(error) === "auth/user-not-found") return;
        throw new IdentityUnavailableError(
          `cannot delete the Firebase user: ${firebaseMessage(error)}`,
          { cause: error },
        );
      }
    },
    close: () => (closed ??= deleteApp(app)),
  };
}

function identityOf(token: DecodedIdToken): VerifiedIdentity {
  return {
    uid: token.uid,
    email: token.email ?? null,
    emailVerified: token.email_verified === true,
    name: typeof token.name === "string" ? token.name : null,
    picture: token.picture ?? null,
    expiresAt: token.exp * 1000,
  };
}

const OUTAGE_CODES = new Set(["auth/internal-error", "app/network-error", "app/network-timeout"]);

/**
 * Failures that are ours or Google's, not the caller's. With the emulator, firebase-admin also
 * looks the user up on every verification (so a deleted user's token stops working at once), and
 * that call can fail on the network. It reports a failed fetch of Google's public keys as an
 * invalid argument, so the message is the only sign of that one.
 */
function isOutage(error: unknown): boolean {
  const code = firebaseCode(error);
  return (
    (code !== undefined && OUTAGE_CODES.has(code)) ||
    firebaseMessage(error).startsWith("Error fetching public keys")
  );
}

function firebaseCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

function firebaseMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
