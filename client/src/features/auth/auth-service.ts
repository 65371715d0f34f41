/**
 * The identity operations the app needs (docs/product.md#accounts-and-sign-in). The production
 * implementation wraps Firebase Auth (firebase-auth-service.ts); tests inject a fake so no test
 * needs Firebase or its network.
 */
export interface AuthUser {
  readonly uid: string;
  readonly email: string | null;
  readonly displayName: string | null;
  readonly photoURL: string | null;
}

export type AuthStateListener = (user: AuthUser | null) => void;

export interface AuthService {
  /** Calls back once with the restored session (or null), then on every sign-in and sign-out. */
  onAuthStateChanged(listener: AuthStateListener): () => void;
  /**
   * The signed-in user's ID token; null for a visitor or when the token cannot be had. The cached
   * token unless it is about to expire, or a fresh one when `forceRefresh` is set.
   */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  signIn(email: string, password: string): Promise<void>;
  signUp(email: string, password: string): Promise<void>;
  signInWithGoogle(): Promise<void>;
  signOut(): Promise<void>;
  resetPassword(email: string): Promise<void>;
  /**
   * Starts loading the implementation now if it loads lazily (deferred-auth-service.ts): a page
   * that cannot decide without the identity asks for it.
   */
  preload?(): void;
}

/** The code Firebase puts on its errors (auth/...), for logs; users see the app's words instead. */
export function authErrorCode(error: unknown): string {
  if (typeof error === "object" && error !== null && "code" in error) {
    const { code } = error;
    if (typeof code === "string") return code;
  }
  return error instanceof Error ? error.message : "unknown";
}
