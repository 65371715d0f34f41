import { and, eq, inArray, isNotNull, lt, or } from "drizzle-orm";
import type { Database } from "../platform/db/database.js";
import { MediaStore } from "../platform/storage/media-store.js";
import { stories, storyMedia } from "../platform/db/schema.js";
import { canView } from "./visibility-rules.js";

// A story's pictures in object storage follow the story (docs/decisions/028): the cover's public
// copy exists exactly while the story is listed (completed, public, approved); illustrations never
// have one, since they are not everyone's (docs/decisions/030); and pictures of earlier
// generations (a discard, a restart) go with their objects. Called after every change of a story
// that may alter either; safe to call again at any time, from any replica.

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
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const [story] = await db.select().from(stories).where(eq(stories.id, storyId));
    if (!story) return;
    const rows = await db
      .select({
        id: storyMedia.id,
        storyId: storyMedia.storyId,
        generation: storyMedia.generation,
        role: storyMedia.role,
        contentType: storyMedia.contentType,
        etag: storyMedia.etag,
        storageKey: storyMedia.storageKey,
        publicKey: storyMedia.publicKey,
      })
      .from(storyMedia)
      .where(eq(storyMedia.storyId, storyId));
    const listed = canView(story, null) && media.publicBaseUrl !== null;
    const old = rows.filter((row) => row.generation < story.generation && row.storageKey !== null);
    const everyones = (row: { role: string }) => row.role === "cover";
    const hide = rows.filter(
      (row) =>
        row.publicKey !== null &&
        (!listed || row.generation !== story.generation || !everyones(row)),
    );
    const show = listed
      ? rows.filter(
          (row) =>
            row.generation === story.generation &&
            everyones(row) &&
            row.storageKey !== null &&
            row.publicKey === null,
        )
      : [];
    if (old.length === 0 && hide.length === 0 && show.length === 0) return;

    if (hide.length > 0) {
      await media.remove(hide.map((row) => row.publicKey as string));
      await db
        .update(storyMedia)
        .set({ publicKey: null, publicUrl: null })
        .where(
          inArray(
            storyMedia.id,
            hide.map((row) => row.id),
          ),
        );
    }
    if (old.length > 0) {
      await media.remove(old.map((row) => row.storageKey as string));
      await db.delete(storyMedia).where(
        and(
          eq(storyMedia.storyId, storyId),
          lt(storyMedia.generation, story.generation),
          inArray(
            storyMedia.id,
            old.map((row) => row.id),
          ),
        ),
      );
    }
    for (const row of show) {
      const publicKey = MediaStore.publicKey(row);
      await media.publish(row.storageKey as string, publicKey, row.contentType);
      await db
        .update(storyMedia)
        .set({ publicKey, publicUrl: media.publicUrlOf(publicKey) })
        .where(eq(storyMedia.id, row.id));
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
  const rows = await db
    .select({ storageKey: storyMedia.storageKey, publicKey: storyMedia.publicKey })
    .from(storyMedia)
    .innerJoin(stories, eq(stories.id, storyMedia.storyId))
    .where(
      and(
        eq(stories.authorId, userId),
        or(isNotNull(storyMedia.storageKey), isNotNull(storyMedia.publicKey)),
      ),
    );
  return {
    public: rows.flatMap((row) => (row.publicKey === null ? [] : [row.publicKey])),
    stored: rows.flatMap((row) => (row.storageKey === null ? [] : [row.storageKey])),
  };
}
