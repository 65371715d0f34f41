import { beforeEach, describe, expect, it, vi } from "vitest";

// Firebase is replaced at the module boundary: these tests check what the service asks of it.
const firebase = vi.hoisted(() => ({
  auth: { currentUser: null as null | { getIdToken: (forceRefresh?: boolean) => Promise<string> } },
  initializeAuth: vi.fn(),
  resolver: { name: "popup and redirect resolver" },
  connectAuthEmulator: vi.fn(),
  signInWithPopup: vi.fn(async () => ({})),
  signInWithCredential: vi.fn(async () => ({})),
  credential: vi.fn((idToken: string) => ({ providerId: "google.com", idToken })),
}));

vi.mock("firebase/app", () => ({ initializeApp: vi.fn(() => ({})) }));
vi.mock("firebase/auth", () => {
  class GoogleAuthProvider {
    static credential = firebase.credential;
  }
  return {
    GoogleAuthProvider,
    initializeAuth: firebase.initializeAuth.mockImplementation(() => firebase.auth),
    indexedDBLocalPersistence: "indexedDB",
    browserLocalPersistence: "local",
    browserSessionPersistence: "session",
    browserPopupRedirectResolver: firebase.resolver,
    connectAuthEmulator: firebase.connectAuthEmulator,
    signInWithPopup: firebase.signInWithPopup,
    signInWithCredential: firebase.signInWithCredential,
    createUserWithEmailAndPassword: vi.fn(),
    onAuthStateChanged: vi.fn(),
    sendPasswordResetEmail: vi.fn(),
    signInWithEmailAndPassword: vi.fn(),
    signOut: vi.fn(),
  };
});

const { createFirebaseAuthService } = await import("./firebase-auth-service");

const firebaseConfig = { apiKey: "key", authDomain: "localhost", projectId: "demo-storyloom" };
const TOKEN_KEY = "storyloom.emulatorGoogleIdToken";

describe("Firebase auth service", () => {
  beforeEach(() => {
    vi.clearAllMocks();
    firebase.auth.currentUser = null;
  });

  it("keeps the session as getAuth would, without the pop-up helper, which only the Google pop-up gets", async () => {
    const service = createFirebaseAuthService({ firebase: firebaseConfig, authEmulatorUrl: null });
    expect(firebase.initializeAuth).toHaveBeenCalledWith(expect.anything(), {
      persistence: ["indexedDB", "local", "session"],
    });
    await service.signInWithGoogle();
    expect(firebase.signInWithPopup).toHaveBeenCalledWith(
      firebase.auth,
      expect.anything(),
      firebase.resolver,
    );
  });

  it("connects to the Auth emulator when the config names one", () => {
    createFirebaseAuthService({
      firebase: firebaseConfig,
      authEmulatorUrl: "http://127.0.0.1:9099",
    });
    expect(firebase.connectAuthEmulator).toHaveBeenCalledWith(
      firebase.auth,
      "http://127.0.0.1:9099",
      { disableWarnings: true },
    );
  });

  it("with the emulator and a stored test token, exchanges the token instead of opening the pop-up", async () => {
    sessionStorage.setItem(TOKEN_KEY, "unsigned.jwt.");
    const service = createFirebaseAuthService({
      firebase: firebaseConfig,
      authEmulatorUrl: "http://127.0.0.1:9099",
    });
    await service.signInWithGoogle();
    expect(firebase.credential).toHaveBeenCalledWith("unsigned.jwt.");
    expect(firebase.signInWithCredential).toHaveBeenCalledOnce();
    expect(firebase.signInWithPopup).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("against a real project ignores a stored test token and opens the Google pop-up", async () => {
    sessionStorage.setItem(TOKEN_KEY, "unsigned.jwt.");
    const service = createFirebaseAuthService({ firebase: firebaseConfig, authEmulatorUrl: null });
    await service.signInWithGoogle();
    expect(firebase.signInWithPopup).toHaveBeenCalledOnce();
    expect(firebase.signInWithCredential).not.toHaveBeenCalled();
    expect(firebase.connectAuthEmulator).not.toHaveBeenCalled();
  });

  it("gives no token for a visitor, or when the token cannot be had", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const service = createFirebaseAuthService({ firebase: firebaseConfig, authEmulatorUrl: null });
    expect(await service.getIdToken()).toBeNull();
    firebase.auth.currentUser = { getIdToken: async () => Promise.reject(new Error("expired")) };
    expect(await service.getIdToken()).toBeNull();
    firebase.auth.currentUser = { getIdToken: async () => "id-token" };
    expect(await service.getIdToken()).toBe("id-token");
  });

  it("asks Firebase for a fresh token only when told to", async () => {
    const service = createFirebaseAuthService({ firebase: firebaseConfig, authEmulatorUrl: null });
    firebase.auth.currentUser = {
      getIdToken: async (forceRefresh) => (forceRefresh ? "fresh-token" : "cached-token"),
    };
    expect(await service.getIdToken()).toBe("cached-token");
    expect(await service.getIdToken(true)).toBe("fresh-token");
  });
});
