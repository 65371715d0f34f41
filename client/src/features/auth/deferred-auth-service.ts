import type { AuthService, AuthStateListener, AuthUser } from "./auth-service";
import { readSignedInHint } from "./signed-in-hint";

export interface DeferredAuthServiceOptions {
  /** Loads the real service (the identity SDK and its configuration); called at most once. */
  load: () => Promise<AuthService>;
  /**
   * When a visitor's load starts if nothing asks for the identity sooner: at their first
   * interaction with the page, by default. A browser with the signed-in hint loads at once.
   */
  scheduleVisitorLoad?: (start: () => void) => void;
  /**
   * When the load starts for a browser with the signed-in hint if nothing asks for the identity
   * sooner: at once by default; after the first page is drawn when that page needs no identity
   * (docs/decisions/038-first-views-without-apollo.md, members' part).
   */
  scheduleMemberLoad?: (start: () => void) => void;
}

const FIRST_INTERACTION_EVENTS = ["pointerdown", "keydown", "touchstart", "wheel", "scroll"];

/**
 * At the visitor's first interaction (a tap, a key, a scroll): by then the page they came for is
 * drawn, and the SDK is there before they can reach a form that needs it.
 */
export function atFirstInteraction(start: () => void): void {
  const options = { capture: true, passive: true } as const;
  const once = () => {
    for (const type of FIRST_INTERACTION_EVENTS) window.removeEventListener(type, once, options);
    start();
  };
  for (const type of FIRST_INTERACTION_EVENTS) window.addEventListener(type, once, options);
}

/**
 * An AuthService whose implementation (firebase/auth, ~100 KB) loads off the first render's
 * critical path (docs/decisions/021-lean-client-first-render.md). Listeners hear nothing until it
 * has loaded and restored the session; every action waits for it and starts the load if it has not
 * started. Before then getIdToken answers null at once for a visitor, and waits for the restored
 * session when the signed-in hint is set, so a reader's first requests carry their token.
 */
export function createDeferredAuthService(options: DeferredAuthServiceOptions): AuthService {
  const {
    load,
    scheduleVisitorLoad = atFirstInteraction,
    scheduleMemberLoad = (start) => start(),
  } = options;
  const listeners = new Set<AuthStateListener>();
  let loading: Promise<AuthService> | null = null;
  let resolved: { user: AuthUser | null } | null = null;
  let settle: () => void = () => {};
  // Settles once the first identity notification arrived, or the load failed.
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });

  function start(): Promise<AuthService> {
    loading ??= load().then(
      (service) => {
        service.onAuthStateChanged((user) => {
          resolved = { user };
          settle();
          for (const listener of listeners) listener(user);
        });
        return service;
      },
      (error: unknown) => {
        // Without the SDK the page stays usable as a visitor; the actions report the failure.
        console.error("The sign-in service could not be loaded", error);
        resolved = { user: null };
        settle();
        for (const listener of listeners) listener(null);
        throw error;
      },
    );
    return loading;
  }

  const startQuietly = () => void start().catch(() => {});
  if (readSignedInHint()) scheduleMemberLoad(startQuietly);
  else scheduleVisitorLoad(startQuietly);

  return {
    onAuthStateChanged(listener) {
      listeners.add(listener);
      if (resolved !== null) listener(resolved.user);
      return () => {
        listeners.delete(listener);
      };
    },
    async getIdToken(forceRefresh) {
      if (resolved === null) {
        if (!readSignedInHint()) return null;
        void start().catch(() => {});
        await settled;
      }
      if (loading === null) return null;
      try {
        return await (await loading).getIdToken(forceRefresh);
      } catch {
        return null;
      }
    },
    preload: () => void start().catch(() => {}),
    signIn: async (email, password) => (await start()).signIn(email, password),
    signUp: async (email, password) => (await start()).signUp(email, password),
    signInWithGoogle: async () => (await start()).signInWithGoogle(),
    signOut: async () => (await start()).signOut(),
    resetPassword: async (email) => (await start()).resetPassword(email),
  };
}
