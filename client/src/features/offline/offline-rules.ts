import type { StoryText_StoryFragment } from "../../__generated__/graphql";

/** A story as the api answered it to this signed-in reader: what a saved copy holds. */
export interface OfflineStoryAnswer {
  /** The story's global id (Story.id), to keep the reader's place; absent in older copies. */
  storyId?: string;
  publicId: string;
  status: string;
  /** Whether the api sent this reader the whole text (a priced story they own, or a free one). */
  full: boolean;
  text: StoryText_StoryFragment;
}

/** What asking the api for a saved story again came to. */
export type RecheckAnswer =
  | { kind: "story"; story: OfflineStoryAnswer }
  /** The api refused it or knows it no more (404, 403, 401, or no story in the answer). */
  | { kind: "gone" }
  /** No usable answer (offline, a fault on the way): nothing is learnt. */
  | { kind: "unreachable" };

export type RecheckDecision =
  { action: "keep" } | { action: "drop" } | { action: "replace"; story: OfflineStoryAnswer };

/** GraphQL error codes that mean the reader may not read the story (any longer). */
const ACCESS_ENDED_CODES = new Set(["NOT_FOUND", "FORBIDDEN", "UNAUTHENTICATED"]);

/** A story a reader can keep to read offline: a finished one. */
export function isSaveable(status: string): boolean {
  return status === "COMPLETED";
}

/** How one recheck came out, from the answer's story, its error code and whether it came at all. */
export function classifyRecheck(answer: {
  story: OfflineStoryAnswer | null;
  errorCode: string | null;
  reached: boolean;
}): RecheckAnswer {
  if (answer.errorCode !== null && ACCESS_ENDED_CODES.has(answer.errorCode))
    return { kind: "gone" };
  if (!answer.reached || answer.errorCode !== null) return { kind: "unreachable" };
  if (answer.story === null) return { kind: "gone" };
  return { kind: "story", story: answer.story };
}

/**
 * What to do with a saved copy once the api was asked again. The api's answer to this reader is
 * the truth: a story they may no longer read (or that is no longer finished) is dropped; otherwise
 * the copy becomes what the api sends them now, so a priced story whose access ended keeps only
 * its free part. Without an answer the copy stays as it is.
 */
export function decideOnRecheck(answer: RecheckAnswer): RecheckDecision {
  if (answer.kind === "unreachable") return { action: "keep" };
  if (answer.kind === "gone" || !isSaveable(answer.story.status)) return { action: "drop" };
  return { action: "replace", story: answer.story };
}

/** Every picture a story's text shows: its cover (or header image) and its illustrations. */
export function pictureUrlsOf(text: StoryText_StoryFragment): string[] {
  const urls = text.images.map((image) => image.url);
  if (text.headerImageUrl) urls.push(text.headerImageUrl);
  return [...new Set(urls.filter((url) => url !== ""))];
}

/** The text with each picture's address swapped for the local one (when there is one). */
export function withLocalPictures(
  text: StoryText_StoryFragment,
  localUrlOf: (url: string) => string | undefined,
): StoryText_StoryFragment {
  return {
    ...text,
    headerImageUrl: text.headerImageUrl ? (localUrlOf(text.headerImageUrl) ?? null) : null,
    images: text.images.map((image) => ({ ...image, url: localUrlOf(image.url) ?? image.url })),
  };
}

export type StoreActionOnIdentity =
  { action: "none" } | { action: "clear" } | { action: "keepOnly"; uid: string };

/**
 * What the saved copies become when the identity is known or changes: a sign-out clears them; a
 * browser found signed out while online clears them too (the session ended); a person signed in
 * keeps only their own. Offline, a missing identity proves nothing (the sign-in service may not
 * have loaded), so nothing is cleared then.
 */
export function storeActionOnIdentity(state: {
  loading: boolean;
  uid: string | null;
  signedOutByUser: boolean;
  online: boolean;
}): StoreActionOnIdentity {
  if (state.signedOutByUser) return { action: "clear" };
  if (state.loading) return { action: "none" };
  if (state.uid !== null) return { action: "keepOnly", uid: state.uid };
  return state.online ? { action: "clear" } : { action: "none" };
}
