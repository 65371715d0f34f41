import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../__generated__";
import { serverMessageOf } from "../../lib/graphql-error-message";
import { READER_MESSAGES } from "./messages";

export const RegenerateStoryMutation = graphql(`
  mutation RegenerateStory($publicId: ID!) {
    regenerateStory(publicId: $publicId) {
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

/**
 * Spec §4 Regenerate: the story shows generating at once (progress 0, "Restarting story
 * generation...", its old text gone) while the server restarts it. `storyId` is the Story's
 * global id; without it (the story failed to load) there is nothing to update optimistically.
 */
export function useRegenerateStory() {
  const [mutate, { loading }] = useMutation(RegenerateStoryMutation);
  const regenerate = useCallback(
    async (publicId: string, storyId: string | null): Promise<string | null> => {
      try {
        await mutate({
          variables: { publicId },
          optimisticResponse: storyId
            ? {
                regenerateStory: {
                  __typename: "Story",
                  id: storyId,
                  status: "GENERATING",
                  progress: 0,
                  statusMessage: READER_MESSAGES.restarting,
                  error: null,
                  preview: null,
                  headerImageUrl: null,
                  content: null,
                  images: [],
                },
              }
            : undefined,
        });
        return null;
      } catch (error) {
        return serverMessageOf(error) ?? READER_MESSAGES.regenerateFailed;
      }
    },
    [mutate],
  );
  return { regenerate, regenerating: loading };
}
