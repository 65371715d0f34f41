import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../__generated__";
import { serverMessageOf } from "../../lib/graphql-error-message";
import type { TimedMessage } from "../../lib/use-timed-message";
import { restoredMessage, STUDIO_MESSAGES } from "./messages";

export const RestoreStoryVersionMutation = graphql(`
  mutation RestoreStoryVersion($id: ID!, $number: Int!) {
    restoreStoryVersion(id: $id, number: $number) {
      id
      ...StudioStoryFields
      versions {
        ...VersionEntry
      }
    }
  }
`);

/** Restore this version: the story's text and its history follow in the cache; resolves to the message. */
export function useRestoreVersion() {
  const [mutate, { loading }] = useMutation(RestoreStoryVersionMutation);
  const restore = useCallback(
    async (storyId: string, number: number): Promise<TimedMessage> => {
      try {
        await mutate({ variables: { id: storyId, number } });
        return { tone: "success", text: restoredMessage(number) };
      } catch (error) {
        return { tone: "error", text: serverMessageOf(error) ?? STUDIO_MESSAGES.restoreFailed };
      }
    },
    [mutate],
  );
  return { restore, restoring: loading };
}
