import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../__generated__";
import { serverMessageOf } from "../../lib/graphql-error-message";
import { READER_MESSAGES } from "./messages";

export const ConfirmStoryMutation = graphql(`
  mutation ConfirmStory($publicId: ID!) {
    confirmStory(publicId: $publicId) {
      id
      ...StoryReader_story
    }
  }
`);

/** READY_FOR_REVIEW → COMPLETED; resolves to null or the spec §8 failure message. */
export function useConfirmStory() {
  const [mutate, { loading }] = useMutation(ConfirmStoryMutation);
  const confirm = useCallback(
    async (publicId: string): Promise<string | null> => {
      try {
        await mutate({ variables: { publicId } });
        return null;
      } catch (error) {
        return serverMessageOf(error) ?? READER_MESSAGES.confirmFailed;
      }
    },
    [mutate],
  );
  return { confirm, confirming: loading };
}
