// What the reader mounts: the Save for offline control and the saved copy shown offline.
export { OFFLINE_MESSAGES } from "./messages";
export { withLocalPictures } from "./offline-rules";
export type { SavedStory } from "./offline-store";
export { SaveOfflineButton } from "./save-offline-button";
export { useOfflineCopy } from "./use-saved-offline";
export { enqueueOffline, flushOfflineQueue, registerQueueSender } from "./offline-queue";
export { clearOfflineStore } from "./offline-store";
export { OfflineSync } from "./offline-sync";
export { useOnline } from "./use-online";
