import type { ApolloClient } from "@apollo/client";
import { fetchOfflineStory, fetchPictures } from "./offline-fetch";
import { OFFLINE_MESSAGES } from "./messages";
import { decideOnRecheck, isSaveable } from "./offline-rules";
import {
  putSavedStory,
  removeSavedStory,
  savedStories,
  savedStory,
  type SavedStory,
} from "./offline-store";

export interface OfflineAccount {
  uid: string;
  getIdToken: () => Promise<string | null>;
}

/**
 * Saves the story as the api answers this reader now, with its pictures; the answer's text is
 * only what the api let them read. Returns null, or why it could not be saved.
 */
export async function saveStoryOffline(
  client: ApolloClient,
  account: OfflineAccount,
  publicId: string,
): Promise<string | null> {
  const answer = await fetchOfflineStory(client, publicId);
  if (answer.kind !== "story" || !isSaveable(answer.story.status)) {
    return OFFLINE_MESSAGES.saveFailed;
  }
  await putSavedStory(await savedCopy(account, answer.story));
  return null;
}

async function savedCopy(account: OfflineAccount, story: SavedStory["story"]): Promise<SavedStory> {
  return {
    uid: account.uid,
    publicId: story.publicId,
    title: story.text.title,
    savedAt: new Date().toISOString(),
    story,
    pictures: await fetchPictures(story, await account.getIdToken()),
  };
}

/**
 * Asks the api again for each story this reader saved: a story they may no longer read is
 * dropped, the others become what the api sends them now (docs/decisions/059-offline-reading.md).
 * Returns how many were dropped.
 */
export async function recheckSavedStories(
  client: ApolloClient,
  account: OfflineAccount,
): Promise<number> {
  let dropped = 0;
  for (const { publicId } of await savedStories(account.uid)) {
    const decision = decideOnRecheck(await fetchOfflineStory(client, publicId));
    if (decision.action === "drop") {
      await removeSavedStory(account.uid, publicId);
      dropped += 1;
    } else if (decision.action === "replace") {
      const copy = await savedCopy(account, decision.story);
      // Removed by the reader meanwhile: it stays removed.
      if (await savedStory(account.uid, publicId)) await putSavedStory(copy);
    }
  }
  return dropped;
}
