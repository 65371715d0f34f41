import { startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { AuthContext, type AuthContextValue } from "./auth-context";
import type { AuthService, AuthUser } from "./auth-service";
import { readSignedInHint, writeSignedInHint } from "./signed-in-hint";

interface AuthState {
  loading: boolean;
  currentUser: AuthUser | null;
  signedOutByUser: boolean;
}

export interface AuthProviderProps {
  service: AuthService;
  children: ReactNode;
}

export function AuthProvider({ service, children }: AuthProviderProps) {
  // Loading until the first auth notification, then signed-in or signed-out. The children render
  // meanwhile as for a visitor (docs/decisions/021-lean-client-first-render.md).
  const [state, setState] = useState<AuthState>({
    loading: true,
    currentUser: null,
    signedOutByUser: false,
  });
  const [signedInHint] = useState(readSignedInHint);
  // Set while logOut runs, so the signed-out notification knows it was asked for.
  const signingOut = useRef(false);

  useEffect(
    () =>
      service.onAuthStateChanged((user) => {
        writeSignedInHint(user !== null);
        const signedOutByUser = user === null && signingOut.current;
        // A transition: the page drawn as a visitor's becomes the member's in slices that let it
        // answer between them (docs/decisions/078-first-view-renders-as-transitions.md).
        startTransition(() => setState({ loading: false, currentUser: user, signedOutByUser }));
      }),
    [service],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      currentUser: state.currentUser,
      loading: state.loading,
      signedInHint: state.loading && signedInHint,
      loadIdentity: () => service.preload?.(),
      signedOutByUser: state.signedOutByUser,
      signIn: (email, password) => service.signIn(email, password),
      signUp: (email, password) => service.signUp(email, password),
      logOut: async () => {
        signingOut.current = true;
        try {
          await service.signOut();
        } finally {
          signingOut.current = false;
        }
      },
      signInWithGoogle: () => service.signInWithGoogle(),
      resetPassword: (email) => service.resetPassword(email),
      getIdToken: () => service.getIdToken(),
    }),
    [service, state, signedInHint],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
