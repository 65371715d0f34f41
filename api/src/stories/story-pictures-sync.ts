import type { Database } from "../platform/db/database.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import { reconcileStoryPictures } from "./story-pictures.js";
import { unavailable } from "../platform/lib/errors.js";
import type { WarningLog } from "../platform/lib/warning-log.js";

export const PICTURES_NOT_UPDATED =
  "The change was saved, but the story's pictures could not be updated. Please try again.";

/**
 * After a change of a story through the api: its pictures in object storage follow (public
 * copies while listed, none otherwise; earlier generations' objects go). When the bucket fails the
 * request answers 503, so the client's retry (the same change again) finishes the job.
 */
export async function followedByPictures(
  db: Database,
  media: MediaStore | null,
  storyId: string,
  log?: WarningLog,
): Promise<void> {
  try {
    await reconcileStoryPictures(db, media, storyId);
  } catch (error) {
    log?.warn({ err: error }, "updating a story's pictures in object storage failed");
    throw unavailable(PICTURES_NOT_UPDATED);
  }
}
