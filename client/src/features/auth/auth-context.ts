import { createContext, use } from "react";
import type { AuthUser } from "./auth-service";

/** What the auth context gives the app: who is signed in, and the sign-in actions. */
export interface AuthContextValue {
  currentUser: AuthUser | null;
  /** True until the identity is known; public pages render meanwhile as for a visitor. */
  loading: boolean;
  /**
   * While loading: this browser was signed in when it last knew (signed-in-hint.ts), so the
   * reader is likely to arrive; the header keeps the account area's place for them.
   */
  signedInHint: boolean;
  /** Asks for the identity now (a page that cannot decide without it). */
  loadIdentity(): void;
  /** True after the user signed out themselves (Sign out lands on /, not /login). */
  signedOutByUser: boolean;
  signIn(email: string, password: string): Promise<void>;
  signUp(email: string, password: string): Promise<void>;
  logOut(): Promise<void>;
  signInWithGoogle(): Promise<void>;
  resetPassword(email: string): Promise<void>;
  /** The signed-in user's ID token for same-origin requests Apollo does not make (or null). */
  getIdToken(): Promise<string | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (value === null) {
    throw new Error("useAuth must be used beneath <AuthProvider>");
  }
  return value;
}
