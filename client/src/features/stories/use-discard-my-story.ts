import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../__generated__";

export const DiscardMyStoryMutation = graphql(`
  mutation DiscardMyStory($id: ID!) {
    discardStory(id: $id) {
      id
      status
    }
  }
`);

/** My Stories' message when Cancel or Discard fails. */
export const DISCARD_FAILED = "Could not discard the story.";

/**
 * Cancel or discard from My Stories. The returned story is normalized by id, so its row turns
 * Discarded on its own; the promise gives null or the failure message to show.
 */
export function useDiscardMyStory() {
  const [mutate] = useMutation(DiscardMyStoryMutation);
  return useCallback(
    async (id: string): Promise<string | null> => {
      try {
        await mutate({ variables: { id } });
        return null;
      } catch (error) {
        console.warn("Discarding a story failed", error);
        return DISCARD_FAILED;
      }
    },
    [mutate],
  );
}
