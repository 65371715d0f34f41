import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../../__generated__";
import { serverMessageOf } from "../../../lib/graphql-error-message";
import { READER_MESSAGES } from "../messages";

export const ConfirmStoryMutation = graphql(`
  mutation ConfirmStory($id: ID!) {
    confirmStory(id: $id) {
      id
      ...StoryReader_story
    }
  }
`);

/** READY_FOR_REVIEW → COMPLETED (`id`: the Story's global id); null or the message to show. */
export function useConfirmStory() {
  const [mutate, { loading }] = useMutation(ConfirmStoryMutation);
  const confirm = useCallback(
    async (id: string): Promise<string | null> => {
      try {
        await mutate({ variables: { id } });
        return null;
      } catch (error) {
        return serverMessageOf(error) ?? READER_MESSAGES.confirmFailed;
      }
    },
    [mutate],
  );
  return { confirm, confirming: loading };
}
