import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { getFragmentData, graphql } from "../../__generated__";
import type { CommentFieldsFragment } from "../../__generated__/graphql";
import { changeCommentList } from "./comment-cache";
import type { ComposerTarget } from "./composer-target";
import { TEMPORARY_ID_PREFIX } from "./comment-thread";
import { COMMENT_MESSAGES } from "./messages";
import { CommentFieldsFragment as CommentFieldsDocument } from "./story-comments-query";

export const AddStoryCommentMutation = graphql(`
  mutation AddStoryComment($input: AddCommentInput!) {
    addComment(input: $input) {
      ...CommentFields
      replies {
        id
      }
    }
  }
`);

export interface CommentingViewer {
  id: string;
  username: string;
  avatarUrl?: string | null;
}

interface AddCommentStory {
  /** The Story's global id (its cache id is Story:<id>). */
  id: string;
  publicId: string;
  viewerIsAuthor: boolean;
}

let temporaryIds = 0;

/**
 * Posting is optimistic. The comment shows at once as PENDING with a temporary id; if the server
 * refuses, Apollo drops the optimistic layer and it disappears; when the real comment arrives the
 * layer is replaced, and the id check keeps a refetched copy from doubling it. Resolves to the
 * message to show on failure, null on success.
 */
export function useAddComment(story: AddCommentStory, viewer: CommentingViewer | null) {
  const [mutate, { loading }] = useMutation(AddStoryCommentMutation);

  const addComment = useCallback(
    async (content: string, target: ComposerTarget): Promise<string | null> => {
      const parentId = target.replyTo?.id ?? null;
      const range = target.inlineRange;
      const location = range ? { start: range.start, end: range.end } : null;
      temporaryIds += 1;
      const optimistic: CommentFieldsFragment & {
        __typename: "Comment";
        replies: { __typename: "Comment"; id: string }[];
      } = {
        __typename: "Comment",
        id: `${TEMPORARY_ID_PREFIX}${Date.now()}-${temporaryIds}`,
        content,
        createdAt: new Date().toISOString(),
        parentId,
        moderationStatus: "PENDING",
        flaggedCount: 0,
        isInline: location !== null,
        location: location ? { __typename: "CommentLocation", ...location } : null,
        quote: range?.text ?? null,
        isOrphaned: false,
        isByStoryAuthor: story.viewerIsAuthor,
        shapedStory: false,
        viewerCanDelete: true,
        viewerCanReport: false,
        storyPublicId: story.publicId,
        author: viewer
          ? {
              __typename: "User",
              id: viewer.id,
              username: viewer.username,
              avatarUrl: viewer.avatarUrl ?? null,
            }
          : null,
        replies: [],
      };
      try {
        await mutate({
          variables: { input: { storyId: story.id, content, parentId, location } },
          optimisticResponse: { addComment: optimistic },
          update(cache, { data }) {
            if (!data) return;
            const comment = getFragmentData(CommentFieldsDocument, data.addComment);
            const ref = cache.identify({ __typename: "Comment", id: comment.id });
            if (!ref) return;
            changeCommentList(
              cache,
              { storyId: story.id, parentId: comment.parentId },
              (existing) =>
                existing.some((item) => item.__ref === ref)
                  ? existing
                  : [...existing, { __ref: ref }],
              1,
            );
          },
        });
        return null;
      } catch (error) {
        console.error("Posting a comment failed", error);
        return COMMENT_MESSAGES.postFailed;
      }
    },
    [mutate, story.id, story.publicId, story.viewerIsAuthor, viewer],
  );

  return { addComment, posting: loading };
}
