import { createContext, use } from "react";
import type { AuthUser } from "./auth-service";

/** Spec §3: the auth context exposes these (plus how the last sign-out happened). */
export interface AuthContextValue {
  currentUser: AuthUser | null;
  loading: boolean;
  /** True after the user signed out themselves (spec §2: Sign out lands on /, not /login). */
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
