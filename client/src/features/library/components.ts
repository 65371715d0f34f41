// The library's parts other features and the layout mount (docs/product.md#reading-progress):
// saving a place, the reader's place in a story, the Continue reading shelf, and the sender of
// places read offline. Kept out of index.ts, which the first render imports.
export { saveProgress, type ProgressToSave } from "./save-progress";
export { registerProgressSender } from "./progress-queue";
export { useOfflineReadingPlace } from "./use-reading-place";
export { ReadingPlace } from "./reading-place";
export { ContinueReading } from "./continue-reading";
