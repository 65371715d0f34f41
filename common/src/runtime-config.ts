/**
 * The runtime configuration the BFF serves at GET /config.json and the client boots from
 * (decision 002): one client build works with the Auth emulator and with a real Firebase project.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket?: string;
  messagingSenderId?: string;
  appId?: string;
  measurementId?: string;
}

export interface RuntimeConfig {
  firebase: FirebaseWebConfig;
  /** The Auth emulator's origin (e.g. http://127.0.0.1:9099), or null for a real project. */
  authEmulatorUrl: string | null;
}
