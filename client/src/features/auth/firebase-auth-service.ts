import { initializeApp } from "firebase/app";
import {
  GoogleAuthProvider,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
} from "firebase/auth";
import type { RuntimeConfig } from "../../lib/runtime-config";
import { removeStorage, readStorage } from "../../lib/storage";
import { STORAGE_KEYS } from "../../lib/storage-keys";
import type { AuthService } from "./auth-service";

/** Firebase Auth behind the AuthService seam; configured at runtime from /config.json. */
export function createFirebaseAuthService(config: RuntimeConfig): AuthService {
  const app = initializeApp(config.firebase);
  // getAuth's persistence, without its pop-up and redirect helper: that one loads Google's iframe
  // script (apis.google.com) on every page, and only the Google pop-up needs it, so it is given to
  // signInWithPopup alone (no sign-in here uses a redirect).
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
  if (config.authEmulatorUrl) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }

  /**
   * Test seam, Auth emulator only. The emulator's Google pop-up loads scripts from Google and a
   * public CDN, so it cannot finish offline. When the app talks to the emulator and the test has put
   * an unsigned Google ID token in sessionStorage, the Google sign-in exchanges that token with
   * signInWithCredential, which is the same credential exchange (accounts:signInWithIdp) the
   * pop-up ends in. The token is used once. Everything after it (terms rule, profile, redirect) is
   * the ordinary Google path. Against a real project (authEmulatorUrl null) the item is ignored.
   */
  function takeEmulatorGoogleIdToken(): string | null {
    if (!config.authEmulatorUrl) return null;
    const token = readStorage(STORAGE_KEYS.emulatorGoogleIdToken, "session");
    if (token === null || token === "") return null;
    removeStorage(STORAGE_KEYS.emulatorGoogleIdToken, "session");
    return token;
  }

  return {
    onAuthStateChanged: (listener) => onAuthStateChanged(auth, listener),
    async getIdToken(forceRefresh = false) {
      const user = auth.currentUser;
      if (!user) return null;
      try {
        return await user.getIdToken(forceRefresh);
      } catch (error) {
        // No Authorization header when the token cannot be retrieved.
        console.warn("Could not get an ID token; sending the request without one.", error);
        return null;
      }
    },
    async signIn(email, password) {
      await signInWithEmailAndPassword(auth, email, password);
    },
    async signUp(email, password) {
      await createUserWithEmailAndPassword(auth, email, password);
    },
    async signInWithGoogle() {
      const emulatorToken = takeEmulatorGoogleIdToken();
      if (emulatorToken !== null) {
        await signInWithCredential(auth, GoogleAuthProvider.credential(emulatorToken));
        return;
      }
      await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
    },
    signOut: () => signOut(auth),
    resetPassword: (email) => sendPasswordResetEmail(auth, email),
  };
}
