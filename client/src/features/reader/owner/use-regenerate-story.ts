import { useApolloClient, useMutation } from "@apollo/client/react";
import { useCallback, useState } from "react";
import { graphql } from "../../../__generated__";
import { serverMessageOf } from "../../../lib/graphql-error-message";
import { READER_MESSAGES } from "../messages";

export const RegenerateStoryMutation = graphql(`
  mutation RegenerateStory($id: ID!) {
    regenerateStory(id: $id) {
      id
      status
      progress
      statusMessage
      error
      preview
      headerImageUrl
      content {
        chapters {
          title
          paragraphs
        }
      }
      images {
        id
      }
    }
  }
`);

/** A story's global id by its address, for a story the reader could not load. */
export const StoryIdQuery = graphql(`
  query StoryId($publicId: ID!) {
    story(publicId: $publicId) {
      id
    }
  }
`);

interface RegeneratedStory {
  /** The Story's global id; null when the story failed to load (it is asked for first). */
  id: string | null;
  publicId: string;
}

/**
 * Regenerate: the story shows generating at once (progress 0, "Restarting story generation...",
 * its old text gone) while the server restarts it. Mutations take the story's global id, so a
 * story that failed to load has its id asked for first.
 */
export function useRegenerateStory() {
  const client = useApolloClient();
  const [mutate, { loading }] = useMutation(RegenerateStoryMutation);
  const [lookingUp, setLookingUp] = useState(false);

  const idOf = useCallback(
    async (publicId: string): Promise<string | null> => {
      setLookingUp(true);
      try {
        const { data } = await client.query({
          query: StoryIdQuery,
          variables: { publicId },
          fetchPolicy: "network-only",
        });
        return data?.story?.id ?? null;
      } finally {
        setLookingUp(false);
      }
    },
    [client],
  );

  const regenerate = useCallback(
    async (story: RegeneratedStory): Promise<string | null> => {
      try {
        const id = story.id ?? (await idOf(story.publicId));
        if (id === null) return READER_MESSAGES.regenerateFailed;
        await mutate({
          variables: { id },
          optimisticResponse: {
            regenerateStory: {
              __typename: "Story",
              id,
              status: "GENERATING",
              progress: 0,
              statusMessage: READER_MESSAGES.restarting,
              error: null,
              preview: null,
              headerImageUrl: null,
              content: null,
              images: [],
            },
          },
        });
        return null;
      } catch (error) {
        return serverMessageOf(error) ?? READER_MESSAGES.regenerateFailed;
      }
    },
    [idOf, mutate],
  );
  return { regenerate, regenerating: loading || lookingUp };
}
