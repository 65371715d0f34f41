import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../__generated__";
import { changeCommentList } from "./comment-cache";
import { COMMENT_MESSAGES } from "./messages";

export const DeleteStoryCommentMutation = graphql(`
  mutation DeleteStoryComment($id: ID!) {
    deleteComment(id: $id) {
      id
      deleted
    }
  }
`);

interface DeletableComment {
  id: string;
  parentId?: string | null;
}

/**
 * Delete is optimistic: the comment leaves its list at once and Apollo puts it back when the
 * server refuses. Resolves to the message to show on failure, null on success.
 */
export function useDeleteComment(storyId: string) {
  const [mutate] = useMutation(DeleteStoryCommentMutation);

  const deleteComment = useCallback(
    async (comment: DeletableComment): Promise<string | null> => {
      try {
        await mutate({
          variables: { id: comment.id },
          optimisticResponse: {
            deleteComment: { __typename: "DeleteCommentPayload", id: comment.id, deleted: true },
          },
          update(cache, { data }) {
            if (!data?.deleteComment.deleted) return;
            const ref = cache.identify({ __typename: "Comment", id: comment.id });
            changeCommentList(
              cache,
              { storyId, parentId: comment.parentId },
              (existing) => existing.filter((item) => item.__ref !== ref),
              -1,
            );
          },
        });
        return null;
      } catch (error) {
        // A failed delete in the sidebar is logged and its button re-enables.
        console.error("Deleting a comment failed", error);
        return COMMENT_MESSAGES.deleteFailed;
      }
    },
    [mutate, storyId],
  );

  return { deleteComment };
}
