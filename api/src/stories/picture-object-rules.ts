import type { StoryMediaRecord, StoryRecord } from "../platform/db/schema.js";
import { canView } from "./visibility-rules.js";

// A story's pictures in object storage follow the story (docs/decisions/028): the cover's public
// copy exists exactly while the story is listed (completed, public, approved); illustrations never
// have one, since they are not everyone's (docs/decisions/030); and pictures of earlier
// generations (a discard, a restart) go with their objects.

/** What deciding a picture's objects needs of it. */
export type PictureObject = Pick<
  StoryMediaRecord,
  "id" | "storyId" | "generation" | "role" | "contentType" | "etag" | "storageKey" | "publicKey"
>;

/** What to do so the objects match the row. */
export interface PictureObjectPlan {
  /** Public copies to delete (then forget). */
  hide: PictureObject[];
  /** Stored pictures of earlier generations to delete with their rows. */
  old: PictureObject[];
  /** Stored pictures to copy to their public key. */
  show: PictureObject[];
}

/** Only the cover is everyone's. */
const everyones = (picture: Pick<PictureObject, "role">) => picture.role === "cover";

/**
 * What brings the story's pictures in line with its row. `publicCopies`: the bucket has a public
 * address (MEDIA_PUBLIC_BASE_URL); without one nothing is copied, and copies left are removed.
 */
export function pictureObjectPlan(
  story: Pick<StoryRecord, "authorId" | "status" | "isPublic" | "moderationStatus" | "generation">,
  pictures: readonly PictureObject[],
  publicCopies: boolean,
): PictureObjectPlan {
  const listed = canView(story, null) && publicCopies;
  const current = (picture: PictureObject) => picture.generation === story.generation;
  return {
    hide: pictures.filter(
      (picture) =>
        picture.publicKey !== null && (!listed || !current(picture) || !everyones(picture)),
    ),
    old: pictures.filter(
      (picture) => picture.generation < story.generation && picture.storageKey !== null,
    ),
    show: listed
      ? pictures.filter(
          (picture) =>
            current(picture) &&
            everyones(picture) &&
            picture.storageKey !== null &&
            picture.publicKey === null,
        )
      : [],
  };
}

/** Nothing left to do: the objects match the row. */
export function isSettled(plan: PictureObjectPlan): boolean {
  return plan.hide.length === 0 && plan.old.length === 0 && plan.show.length === 0;
}
