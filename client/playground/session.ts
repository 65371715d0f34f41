// Who the playground runs as: the web app's Firebase session, read from the same origin's storage
// (Firebase keeps it in IndexedDB), so a developer signed in to the app is signed in here too and
// never copies a token. The ID token is asked for on every request, so Firebase refreshes it when
// it is close to expiring (docs/decisions/023-graphql-playground-and-other-clients.md).
import { initializeApp } from "firebase/app";
import { connectAuthEmulator, getAuth, onAuthStateChanged, type User } from "firebase/auth";
import type { RuntimeConfig } from "../src/lib/runtime-config";

export interface PlaygroundUser {
  uid: string;
  /** What the indicator names: the e-mail, else the display name. */
  label: string;
}

export interface PlaygroundSession {
  onChange(listener: (user: PlaygroundUser | null) => void): () => void;
  /** A fresh ID token for the signed-in person, or null for a visitor. */
  idToken(): Promise<string | null>;
}

function describe(user: User | null): PlaygroundUser | null {
  if (!user) return null;
  return { uid: user.uid, label: user.email ?? user.displayName ?? user.uid };
}

export function createPlaygroundSession(config: RuntimeConfig): PlaygroundSession {
  const auth = getAuth(initializeApp(config.firebase));
  if (config.authEmulatorUrl) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  return {
    onChange: (listener) => onAuthStateChanged(auth, (user) => listener(describe(user))),
    async idToken() {
      const user = auth.currentUser;
      if (!user) return null;
      try {
        return await user.getIdToken();
      } catch (error) {
        // The request still goes, as a visitor's: the answer says what is missing.
        console.warn("Could not get an ID token; sending the request without one.", error);
        return null;
      }
    },
  };
}
