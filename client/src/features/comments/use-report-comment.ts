import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../__generated__";
import type { TimedMessage } from "../../lib/use-timed-message";
import { COMMENT_MESSAGES } from "./messages";

export const ReportStoryCommentMutation = graphql(`
  mutation ReportStoryComment($id: ID!) {
    reportComment(id: $id) {
      id
      viewerCanReport
      flaggedCount
    }
  }
`);

/**
 * Reports another reader's comment; the server clears viewerCanReport, so the button goes away.
 * Resolves to the message to show.
 */
export function useReportComment() {
  const [mutate] = useMutation(ReportStoryCommentMutation);

  const reportComment = useCallback(
    async (id: string): Promise<TimedMessage> => {
      try {
        await mutate({ variables: { id } });
        return { tone: "success", text: COMMENT_MESSAGES.reported };
      } catch (error) {
        // A failed report in the sidebar is logged and its button re-enables.
        console.error("Reporting a comment failed", error);
        return { tone: "error", text: COMMENT_MESSAGES.reportFailed };
      }
    },
    [mutate],
  );

  return { reportComment };
}
