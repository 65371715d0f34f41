import type { ApolloCache } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import {
  ApproveCommentMutation,
  ApproveStoryMutation,
  RejectCommentMutation,
  RejectStoryMutation,
} from "./moderation-queries";

/** A decided item leaves its queue; nothing else needs refetching. */
function removeFromQueue(
  cache: ApolloCache,
  field: "pendingComments" | "pendingStories",
  id: string,
) {
  cache.modify({
    id: "ROOT_QUERY",
    fields: {
      [field]: (existing: unknown, { readField }) =>
        (existing as readonly { __ref: string }[]).filter((ref) => readField("id", ref) !== id),
    },
  });
}

export const MODERATION_MESSAGES = {
  notAllowed: "You are not allowed to moderate. This page is for moderators and admins.",
  loadFailed: "Could not load the moderation queues.",
  decisionFailed: "Could not save the decision. Please try again.",
  noComments: "No comments are waiting for a decision.",
  noStories: "No stories are waiting for a decision.",
  reasonRequired: "Give a reason for rejecting the story.",
} as const;

/** Approve or reject; resolves to an error message, or null when the decision was saved. */
export function useModeration() {
  const [approveComment] = useMutation(ApproveCommentMutation);
  const [rejectComment] = useMutation(RejectCommentMutation);
  const [approveStory] = useMutation(ApproveStoryMutation);
  const [rejectStory] = useMutation(RejectStoryMutation);

  const decideComment = useCallback(
    async (id: string, approve: boolean): Promise<string | null> => {
      try {
        await (approve ? approveComment : rejectComment)({
          variables: { id },
          update: (cache) => removeFromQueue(cache, "pendingComments", id),
        });
        return null;
      } catch (error) {
        console.error("Moderating a comment failed", error);
        return MODERATION_MESSAGES.decisionFailed;
      }
    },
    [approveComment, rejectComment],
  );

  const decideStory = useCallback(
    async (story: { id: string }, reason: string | null) => {
      try {
        if (reason === null) {
          await approveStory({
            variables: { id: story.id },
            update: (cache) => removeFromQueue(cache, "pendingStories", story.id),
          });
        } else {
          await rejectStory({
            variables: { id: story.id, reason },
            update: (cache) => removeFromQueue(cache, "pendingStories", story.id),
          });
        }
        return null;
      } catch (error) {
        console.error("Moderating a story failed", error);
        return MODERATION_MESSAGES.decisionFailed;
      }
    },
    [approveStory, rejectStory],
  );

  return { decideComment, decideStory };
}
