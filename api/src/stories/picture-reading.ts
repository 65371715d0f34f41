import type { Database } from "../platform/db/database.js";
import type { StoryMediaRecord, StoryRecord, UserRecord } from "../platform/db/schema.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import { notFound } from "../platform/lib/errors.js";
import { canSeePicture } from "./access-rules.js";
import type { PictureLinks, PictureSignature } from "./picture-link-rules.js";
import type { StoriesQueries } from "./stories-queries.js";
import { accessOf } from "./viewer-access.js";
import { canRead, canView, storyViewerOf } from "./visibility-rules.js";

// A story's picture for whoever may see it (docs/product.md#pictures-and-premium): the cover is
// everyone's who may see the story; an illustration only a reader with picture access's
// (docs/decisions/030). Anyone else is told it does not exist.

export const PICTURE_NOT_FOUND = "Picture not found.";

export interface PictureReadingDeps {
  db: Database;
  stories: StoriesQueries;
  /** Checks the signature a story's JSON put in an illustration's URL. */
  links: PictureLinks;
  /** The bucket of pictures whose row keeps only a key (decision 028); null: none. */
  media: MediaStore | null;
}

/** A picture the viewer may fetch; its bytes are read only when asked for. */
export interface OpenedPicture {
  contentType: string;
  etag: string;
  /** Everyone's: shared caches may keep it (the cover of a listed story). */
  everyones: boolean;
  /** The bytes, from the row or the bucket; not found when the bucket has lost them. */
  bytes(): Promise<Uint8Array>;
}

/**
 * The picture `mediaId` for `viewer`: a picture of a story they may not see does not exist for
 * them either; an illustration needs the signature the story's JSON gave them, or their own
 * picture access.
 */
export async function openPicture(
  deps: PictureReadingDeps,
  viewer: UserRecord | null,
  mediaId: string,
  signature: Partial<PictureSignature>,
): Promise<OpenedPicture> {
  const found = await deps.stories.findMedia(mediaId);
  if (found === null || !canRead(found.story, storyViewerOf(viewer))) {
    throw notFound(PICTURE_NOT_FOUND);
  }
  const { media, story } = found;
  const illustration = media.role !== "cover";
  if (illustration && !(await mayFetchIllustration(deps, found, viewer, signature))) {
    throw notFound(PICTURE_NOT_FOUND);
  }
  return {
    contentType: media.contentType,
    etag: media.etag,
    // An illustration is never for everyone: no shared cache may keep it.
    everyones: canView(story, null) && !illustration,
    async bytes() {
      if (media.bytes !== null) return media.bytes;
      // In object storage: read from the bucket, only now that the checks above passed.
      const body =
        media.storageKey !== null && deps.media !== null
          ? await deps.media.read(media.storageKey)
          : null;
      if (body === null) throw notFound(PICTURE_NOT_FOUND);
      return body;
    },
  };
}

/**
 * An illustration goes to a caller the story's JSON signed its URL for, or whose own access
 * (their token) shows it to them — the same rule as the story's JSON (stories/access-rules.ts).
 */
async function mayFetchIllustration(
  deps: PictureReadingDeps,
  found: { media: StoryMediaRecord; story: StoryRecord },
  viewer: UserRecord | null,
  signature: Partial<PictureSignature>,
): Promise<boolean> {
  const { media, story } = found;
  if (deps.links.verify(media.id, signature.exp, signature.sig)) return true;
  const access = await accessOf(deps.db, story, viewer);
  return canSeePicture(media, access, story.content);
}
