import type { Database } from "../platform/db/database.js";
import { MediaStore } from "../platform/storage/media-store.js";
import { isSettled, pictureObjectPlan } from "./picture-object-rules.js";
import { StoriesQueries } from "./stories-queries.js";

// A story's pictures in object storage follow the story (stories/picture-object-rules.ts). Called
// after every change of a story that may alter either; safe to call again at any time, from any
// replica.

/** Rounds of reading and acting before giving up on a story that keeps changing meanwhile. */
const MAX_ROUNDS = 5;

/**
 * Brings the objects of one story in line with its row. Each round reads the story and its
 * pictures, acts, and reads again, so two replicas acting on one story at once both end on what
 * the row says last. An object is deleted before the row forgets its key: a failure leaves the key
 * for the next call. Throws when the store fails.
 */
export async function reconcileStoryPictures(
  db: Database,
  media: MediaStore | null,
  storyId: string,
): Promise<void> {
  if (media === null) return;
  const queries = new StoriesQueries(db);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const story = await queries.findById(storyId);
    if (story === null) return;
    const pictures = await queries.listPictureObjects(storyId);
    const plan = pictureObjectPlan(story, pictures, media.publicBaseUrl !== null);
    if (isSettled(plan)) return;
    const { hide, old, show } = plan;
    if (hide.length > 0) {
      await media.remove(hide.map((picture) => picture.publicKey as string));
      await queries.forgetPublicCopies(hide.map((picture) => picture.id));
    }
    if (old.length > 0) {
      await media.remove(old.map((picture) => picture.storageKey as string));
      await queries.deleteOldPictures(
        storyId,
        story.generation,
        old.map((picture) => picture.id),
      );
    }
    for (const picture of show) {
      const publicKey = MediaStore.publicKey(picture);
      await media.publish(picture.storageKey as string, publicKey, picture.contentType);
      await queries.setPublicCopy(picture.id, publicKey, media.publicUrlOf(publicKey));
    }
  }
}

/**
 * The object keys of a user's stories' pictures, read before the account (and, by cascade, its
 * stories) is deleted: the public copies and the stored pictures.
 */
export async function objectKeysOfUser(
  db: Database,
  media: MediaStore | null,
  userId: string,
): Promise<{ public: string[]; stored: string[] }> {
  if (media === null) return { public: [], stored: [] };
  const rows = await new StoriesQueries(db).pictureKeysOfAuthor(userId);
  return {
    public: rows.flatMap((row) => (row.publicKey === null ? [] : [row.publicKey])),
    stored: rows.flatMap((row) => (row.storageKey === null ? [] : [row.storageKey])),
  };
}
