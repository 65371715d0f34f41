import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../../__generated__";
import { serverMessageOf } from "../../../lib/graphql-error-message";
import { discardFailedMessage, type DiscardAction } from "../messages";

export const DiscardStoryMutation = graphql(`
  mutation DiscardStory($id: ID!) {
    discardStory(id: $id) {
      id
      status
      progress
      statusMessage
    }
  }
`);

/**
 * Cancel (generating), discard (ready_for_review, error) or delete (completed): one call.
 * Resolves to null, or the server's message else "Could not {action} the story. …".
 */
export function useDiscardStory() {
  const [mutate, { loading }] = useMutation(DiscardStoryMutation);
  const discard = useCallback(
    async (id: string, action: DiscardAction): Promise<string | null> => {
      try {
        await mutate({ variables: { id } });
        return null;
      } catch (error) {
        return serverMessageOf(error) ?? discardFailedMessage(action);
      }
    },
    [mutate],
  );
  return { discard, discarding: loading };
}
