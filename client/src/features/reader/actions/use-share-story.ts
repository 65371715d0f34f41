import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../../__generated__";
import { errorCodeOf } from "../../../apollo/error-codes";
import type { TimedMessage } from "../../../lib/use-timed-message";
import { READER_MESSAGES } from "../messages";

export const StoryShareLinkMutation = graphql(`
  mutation StoryShareLink($id: ID!) {
    storyShareLink(id: $id)
  }
`);

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * Share story: the server gives the public link (a private story cannot be shared); the device's
 * share sheet takes it when there is one, else the clipboard does. Resolves to the message to
 * show, or null (shared, or the person closed the share sheet).
 */
export function useShareStory() {
  const [mutate, { loading }] = useMutation(StoryShareLinkMutation);
  const share = useCallback(
    async (id: string, title: string): Promise<TimedMessage | null> => {
      let url: string;
      try {
        const { data } = await mutate({ variables: { id } });
        if (!data) return { tone: "error", text: READER_MESSAGES.shareFailed };
        url = data.storyShareLink;
      } catch (error) {
        const code = errorCodeOf(error);
        if (code === "CONFLICT") return { tone: "error", text: READER_MESSAGES.cannotSharePrivate };
        if (code === "NOT_FOUND") {
          return { tone: "error", text: READER_MESSAGES.notAvailableForSharing };
        }
        return { tone: "error", text: READER_MESSAGES.shareFailed };
      }
      try {
        if (typeof navigator.share === "function") {
          await navigator.share({ title, url });
          return null;
        }
        await navigator.clipboard.writeText(url);
        return { tone: "success", text: READER_MESSAGES.linkCopied };
      } catch (error) {
        if (isAbort(error)) return null;
        console.warn("Sharing the story failed", error);
        return { tone: "error", text: READER_MESSAGES.shareFailed };
      }
    },
    [mutate],
  );
  return { share, sharing: loading };
}
