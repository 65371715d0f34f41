import { CombinedGraphQLErrors, type ApolloClient } from "@apollo/client";
import { graphql } from "../../__generated__";
import type { StoryText_StoryFragment } from "../../__generated__/graphql";
import { errorCodeOf } from "../../apollo/error-codes";
import {
  classifyRecheck,
  pictureUrlsOf,
  type OfflineStoryAnswer,
  type RecheckAnswer,
} from "./offline-rules";
import type { SavedPicture } from "./offline-store";

/** The story as the reader sees it: its text fragment, its status and whether it is whole. */
export const OfflineStoryQuery = graphql(`
  query OfflineStory($publicId: ID!) {
    story(publicId: $publicId) {
      id
      publicId
      status
      viewerAccess {
        full
      }
      ...StoryText_story
    }
  }
`);

/** Asks the api for the story as it answers this reader now (never from Apollo's cache). */
export async function fetchOfflineStory(
  client: ApolloClient,
  publicId: string,
): Promise<RecheckAnswer> {
  try {
    const { data, error } = await client.query({
      query: OfflineStoryQuery,
      variables: { publicId },
      fetchPolicy: "network-only",
      errorPolicy: "all",
    });
    const code = error ? errorCodeOf(error) : null;
    const reached = !error || CombinedGraphQLErrors.is(error);
    const story = data?.story ?? null;
    return classifyRecheck({
      reached,
      // A GraphQL error without a code is a fault, not an answer about access.
      errorCode: error ? (code ?? "UNKNOWN") : null,
      story: story
        ? {
            storyId: story.id,
            publicId: story.publicId,
            status: story.status,
            full: story.viewerAccess?.full ?? true,
            // The query's own fields hold the fragment's (see reader/text/story-text-fragment.ts).
            text: story as unknown as StoryText_StoryFragment,
          }
        : null,
    });
  } catch (error) {
    const code = errorCodeOf(error);
    return classifyRecheck({ reached: code !== null, errorCode: code ?? "UNKNOWN", story: null });
  }
}

/**
 * The bytes of each picture of the story, fetched with the reader's token (a private story's
 * pictures are served to its owner only). A picture that cannot be had is left out: the copy
 * shows its text without it.
 */
export async function fetchPictures(
  story: OfflineStoryAnswer,
  token: string | null,
): Promise<Record<string, SavedPicture>> {
  const pictures: Record<string, SavedPicture> = {};
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await Promise.all(
    pictureUrlsOf(story.text).map(async (url) => {
      try {
        const response = await fetch(url, { headers, cache: "no-store" });
        if (!response.ok) return;
        const blob = await response.blob();
        pictures[url] = { type: blob.type, bytes: await blob.arrayBuffer() };
      } catch (error) {
        console.warn("Could not keep a story picture offline", error);
      }
    }),
  );
  return pictures;
}
