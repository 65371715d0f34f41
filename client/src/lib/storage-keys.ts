/** Every key the client keeps in web storage, in one place. */
export const STORAGE_KEYS = {
  /** localStorage: "light" | "dark"; also read by the inline script in index.html. */
  theme: "storyloom.theme",
  /** localStorage: set when a visitor wanted to write a story before signing in. */
  pendingStoryIntent: "storyloom.pendingStoryIntent",
  /** localStorage: the prompt that visitor typed, prefilled on /stories/new. */
  pendingStoryPrompt: "storyloom.pendingStoryPrompt",
  /** localStorage: the user id whose account preferences (theme, font) were applied here last. */
  preferencesAppliedFor: "storyloom.preferencesAppliedFor",
  /** localStorage: "1" once the reader turned comments off; comments are on until then. */
  commentsDisabled: "storyloom.commentsDisabled",
  /** localStorage: the reader's font choice. */
  storyReaderFont: "storyReaderFont",
  /** localStorage: the reader's text size, line spacing and column width (JSON, reader Aa menu). */
  readingLayout: "storyloom.readingLayout",
  /**
   * localStorage: "1" while this browser has a signed-in session, written on every identity
   * notification; lets the app expect the reader before the identity SDK has loaded
   * (docs/decisions/021-lean-client-first-render.md).
   */
  signedInHint: "storyloom.signedIn",
  /**
   * localStorage: the last /config.json read (public: the Firebase web project and the emulator's
   * address), so the app starts offline (docs/decisions/059-offline-reading.md).
   */
  runtimeConfig: "storyloom.runtimeConfig",
  /** localStorage: the id the api gave this browser's push subscription (decision 063). */
  pushSubscriptionId: "storyloom.pushSubscriptionId",
  /** sessionStorage: the Auth-emulator-only Google sign-in seam, see features/auth/firebase-auth-service.ts. */
  emulatorGoogleIdToken: "storyloom.emulatorGoogleIdToken",
} as const;
