import type { ApolloClient } from "@apollo/client";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { SaveReadingProgressMutation } from "./library-queries";

// Saving where a reader is in a story: the one place that writes progress, so the reader's page
// (while they scroll) and offline reading (when the network comes back, ./progress-queue.ts)
// save it the same way.

/** A place in a story: its global id (Story.id), a paragraph, and whether the end was reached. */
export interface ProgressToSave {
  storyId: string;
  chapter: number;
  paragraph: number;
  atEnd: boolean;
  /** When the reader was there (ISO): a place sent late never moves back a newer one. */
  readAt?: string;
}

/** How a save came out: kept by the api, refused by it, or not answered (no network, a fault). */
export type SaveOutcome = "saved" | "refused" | "unreachable";

/** Sends the reader's place to the api and says how it came out. */
export async function sendProgress(
  client: ApolloClient,
  progress: ProgressToSave,
): Promise<SaveOutcome> {
  const { storyId, chapter, paragraph, atEnd, readAt } = progress;
  try {
    const { data } = await client.mutate({
      mutation: SaveReadingProgressMutation,
      variables: {
        input: { storyId, chapter, paragraph, atEnd, ...(readAt ? { readAt } : {}) },
      },
    });
    return data !== undefined && data !== null ? "saved" : "unreachable";
  } catch (error) {
    // The api answered no (the story is gone, the place is no longer in it): sending it again
    // would not help. Anything else may work once the network is back.
    return CombinedGraphQLErrors.is(error) ? "refused" : "unreachable";
  }
}

/**
 * Saves the reader's place (the api anchors it to the text and puts the story on their Reading
 * shelf, or Finished at the end). Resolves false when it could not be saved: the next save tries
 * again.
 */
export async function saveProgress(
  client: ApolloClient,
  progress: ProgressToSave,
): Promise<boolean> {
  return (await sendProgress(client, progress)) === "saved";
}
