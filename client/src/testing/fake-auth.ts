import { vi } from "vitest";
import type { AuthContextValue, AuthService, AuthUser } from "../features/auth";

export const signedInUser: AuthUser = {
  uid: "user-1",
  email: "reader@example.com",
  displayName: null,
  photoURL: null,
};

/** An auth context value with every action a resolved spy; override what a test needs. */
export function fakeAuthContext(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    currentUser: null,
    loading: false,
    signedInHint: false,
    loadIdentity: vi.fn(),
    signedOutByUser: false,
    signIn: vi.fn(async () => {}),
    signUp: vi.fn(async () => {}),
    logOut: vi.fn(async () => {}),
    signInWithGoogle: vi.fn(async () => {}),
    resetPassword: vi.fn(async () => {}),
    getIdToken: vi.fn(async () => null),
    ...overrides,
  };
}

export interface FakeAuthService extends AuthService {
  /** Plays the identity provider's auth-state notification. */
  emit(user: AuthUser | null): void;
}

/** An AuthService without Firebase: nothing is signed in until the test calls emit(). */
export function fakeAuthService(): FakeAuthService {
  const listeners = new Set<(user: AuthUser | null) => void>();
  let current: AuthUser | null = null;
  const emit = (user: AuthUser | null) => {
    current = user;
    for (const listener of listeners) listener(user);
  };
  return {
    emit,
    onAuthStateChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getIdToken: vi.fn(async () => (current ? "fake-id-token" : null)),
    signIn: vi.fn(async () => emit(signedInUser)),
    signUp: vi.fn(async () => emit(signedInUser)),
    signInWithGoogle: vi.fn(async () => emit(signedInUser)),
    signOut: vi.fn(async () => emit(null)),
    resetPassword: vi.fn(async () => {}),
  };
}
