import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../../__generated__";
import type { TimedMessage } from "../../../lib/use-timed-message";
import { READER_MESSAGES } from "../messages";

export const SetStoryVisibilityMutation = graphql(`
  mutation SetStoryVisibility($id: ID!, $isPublic: Boolean!) {
    setStoryVisibility(id: $id, isPublic: $isPublic) {
      id
      isPublic
    }
  }
`);

/**
 * Make Public / Make Private (completed stories, author only): the toggle flips at once and flips
 * back if the server refuses; resolves to the message to show.
 */
export function useStoryVisibility() {
  const [mutate, { loading }] = useMutation(SetStoryVisibilityMutation);
  const setVisibility = useCallback(
    async (story: { id: string }, isPublic: boolean): Promise<TimedMessage> => {
      try {
        await mutate({
          variables: { id: story.id, isPublic },
          optimisticResponse: {
            setStoryVisibility: { __typename: "Story", id: story.id, isPublic },
          },
        });
        return {
          tone: "success",
          text: isPublic ? READER_MESSAGES.nowPublic : READER_MESSAGES.nowPrivate,
        };
      } catch (error) {
        console.warn("Changing story visibility failed", error);
        return { tone: "error", text: READER_MESSAGES.visibilityFailed };
      }
    },
    [mutate],
  );
  return { setVisibility, updatingVisibility: loading };
}
