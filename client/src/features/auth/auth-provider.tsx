import { useEffect, useMemo, useState, type ReactNode } from "react";
import { FullPageLoading } from "../../components/loading";
import { AuthContext, type AuthContextValue } from "./auth-context";
import type { AuthService, AuthUser } from "./auth-service";

interface AuthState {
  loading: boolean;
  currentUser: AuthUser | null;
}

export interface AuthProviderProps {
  service: AuthService;
  children: ReactNode;
}

export function AuthProvider({ service, children }: AuthProviderProps) {
  // spec §4: loading until the first auth notification, then signed-in or signed-out.
  const [state, setState] = useState<AuthState>({ loading: true, currentUser: null });

  useEffect(
    () => service.onAuthStateChanged((user) => setState({ loading: false, currentUser: user })),
    [service],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      currentUser: state.currentUser,
      loading: state.loading,
      signIn: (email, password) => service.signIn(email, password),
      signUp: (email, password) => service.signUp(email, password),
      logOut: () => service.signOut(),
      signInWithGoogle: () => service.signInWithGoogle(),
      resetPassword: (email) => service.resetPassword(email),
    }),
    [service, state],
  );

  // spec §2: nothing beneath the auth provider renders until loading ends.
  return <AuthContext value={value}>{state.loading ? <FullPageLoading /> : children}</AuthContext>;
}
