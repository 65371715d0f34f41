// The offline reading feature's words (docs/product.md#offline-reading).
export const OFFLINE_MESSAGES = {
  save: "Save for offline",
  saving: "Saving...",
  saved: "Saved offline",
  remove: "Remove offline copy",
  saveFailed: "Could not save this story for offline reading.",
  banner: "You are offline. You are reading the copy saved on this device.",
  pageTitle: "Saved Offline",
  empty: "No stories saved for offline reading yet.",
} as const;
