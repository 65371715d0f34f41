import { useApolloClient, useSubscription } from "@apollo/client/react";
import { useCallback, useRef, useState } from "react";
import { graphql } from "../../../__generated__";
import {
  describeChannelFailure,
  LIVE_STATUSES,
  parseGenerationUpdate,
  shouldRefetchOnPush,
  type ChannelFailure,
  type DraftChapter,
} from "./live-updates";
import { READER_MESSAGES } from "../messages";

export const StoryGenerationSubscription = graphql(`
  subscription StoryGeneration($publicId: ID!) {
    storyGeneration(publicId: $publicId) {
      storyPublicId
      status
      progress
      message
      seq
      contentPreview {
        title
        chapters {
          title
          paragraphs
        }
      }
    }
  }
`);

export type ConnectionState = "disconnected" | "connecting" | "connected" | "closed" | "error";

interface LiveStory {
  /** The Story's global id (its cache identity), null until the story is known. */
  id: string | null;
  publicId: string;
  status: string;
}

export interface StoryLiveUpdates {
  connection: ConnectionState;
  /** Why the channel stopped, if it did. */
  failure: ChannelFailure | null;
  corrupted: boolean;
  /**
   * The streamed draft (the update's content preview): its title, its chapter count, and the
   * chapters as written so far, shown while the story is being written.
   */
  preview: {
    title: string | null;
    chapterCount: number | null;
    chapters: DraftChapter[];
  } | null;
  /** Opens the channel again after it failed or closed. */
  reconnect(): void;
}

/**
 * The live channel over the storyGeneration subscription (docs/product.md#live-progress). Pushed
 * status, progress and message are written onto the cached Story, so they override the stored
 * ones wherever it is shown; a change to a stable status refetches the whole story once.
 */
export function useStoryLiveUpdates(story: LiveStory, refetch: () => void): StoryLiveUpdates {
  const client = useApolloClient();
  const lastSeq = useRef(-1);
  const [failure, setFailure] = useState<ChannelFailure | null>(null);
  const [corrupted, setCorrupted] = useState(false);
  const [preview, setPreview] = useState<StoryLiveUpdates["preview"]>(null);

  // Opens only for generating, ready_for_review or error; closes when not needed.
  const active = story.id !== null && LIVE_STATUSES.has(story.status) && failure === null;

  const { loading } = useSubscription(StoryGenerationSubscription, {
    variables: { publicId: story.publicId },
    skip: !active,
    fetchPolicy: "no-cache",
    onData: ({ data }) => {
      const update = parseGenerationUpdate(data.data?.storyGeneration);
      if (update === null) {
        setCorrupted(true);
        return;
      }
      setCorrupted(false);
      // The seq only grows; anything older than what was applied is stale.
      if (update.seq <= lastSeq.current) return;
      lastSeq.current = update.seq;
      if (update.previewTitle !== null || update.previewChapterCount !== null) {
        setPreview({
          title: update.previewTitle,
          chapterCount: update.previewChapterCount,
          chapters: update.previewChapters ?? [],
        });
      }
      const previous: { status: string | null } = { status: null };
      client.cache.modify({
        id: client.cache.identify({ __typename: "Story", id: story.id }),
        fields: {
          status(existing: string) {
            previous.status = existing;
            return update.status;
          },
          progress: () => update.progress,
          statusMessage: () => update.message,
        },
      });
      if (previous.status !== null && shouldRefetchOnPush(previous.status, update.status)) {
        refetch();
      }
    },
    onError: (error) => setFailure(describeChannelFailure(error)),
    // The server ended the subscription: a normal close ("Connection closed."). A failed
    // subscription completes too, after its error, which must stay.
    onComplete: () =>
      setFailure(
        (current) => current ?? { kind: "closed", message: READER_MESSAGES.connectionClosed },
      ),
  });

  const reconnect = useCallback(() => {
    setFailure(null);
    setCorrupted(false);
  }, []);

  let connection: ConnectionState;
  if (failure !== null) connection = failure.kind;
  else if (!active) connection = "disconnected";
  else connection = loading ? "connecting" : "connected";

  return { connection, failure, corrupted, preview, reconnect };
}
