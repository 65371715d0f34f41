/** The reader's words, as the product gives them (docs/product.md#story-reader). */
export const READER_MESSAGES = {
  generatingDefault: "Please wait while the AI crafts your story.",
  // Share watch-live link (docs/product.md#watch-live-links).
  watchLinkCopied: "Link copied. Anyone with it can watch the story being written:",
  watchLinkCopyByHand: "Copy this link to share it:",
  watchLinkFailed: "The watch-live link could not be made. Please try again.",
  watchLinkOff: "The link is off: nobody can watch with it any more.",
  watchLinkOffFailed: "The link could not be turned off. Please try again.",
  reviewDefault: "Your story is ready for review.",
  discardedDefault: "This story generation was cancelled or discarded.",
  errorDefault: "An error occurred during story generation.",
  restarting: "Restarting story generation...",
  notFound: "The requested story could not be found, is unavailable, or you might not have access.",
  loadFailed: "Could not load the story.",
  connectionFailed: "Connection failed.",
  connectionClosed: "Connection closed.",
  connectionError: "Connection error with generation updates.",
  connectionLost: "Generation updates connection lost unexpectedly.",
  authenticationFailed: "Authentication failed. Cannot connect for updates.",
  corruptedUpdate: "Received corrupted update.",
  linkCopied: "Story link copied to clipboard!",
  cannotSharePrivate: "Cannot share a private story.",
  notAvailableForSharing: "Story not available for sharing.",
  shareFailed: "Could not share story.",
  bookmarkFailed: "Failed to update bookmark.",
  confirmFailed: "Could not confirm the story.",
  visibilityFailed: "Could not update story visibility.",
  nowPublic: "Story is now public.",
  nowPrivate: "Story is now private.",
  nowFree: "Story is now free to read.",
  priceFailed: "Could not change the story's price.",
  regenerateImagesFailed: "Failed to regenerate images.",
  // A refused restart that gives no server words.
  regenerateFailed: "Could not regenerate the story. Please try again.",
  contentUnavailable: "Story content is not available.",
  contentUnexpected: "Cannot display story content - unexpected format.",
} as const;

/** The words after the author priced their story. */
export function nowPricedMessage(formatted: string): string {
  return `Story is now priced at ${formatted}.`;
}

/** "Could not {delete|cancel|discard} the story. Please try again.", by the call's word. */
export function discardFailedMessage(action: DiscardAction): string {
  return `Could not ${action} the story. Please try again.`;
}

/** Which word the discard call goes by: cancel while generating, delete once completed. */
export type DiscardAction = "cancel" | "discard" | "delete";

/** How long a timed message stays. */
export const MESSAGE_TIMEOUTS_MS = {
  bookmarkError: 3000,
  copied: 2000,
  confirmError: 5000,
  visibility: 3000,
  price: 3000,
} as const;
