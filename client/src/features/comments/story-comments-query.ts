import { graphql } from "../../__generated__";

// One comment's fields, as the sidebar shows it (docs/product.md#comment-sidebar).
export const CommentFieldsFragment = graphql(`
  fragment CommentFields on Comment {
    id
    content
    createdAt
    parentId
    moderationStatus
    flaggedCount
    isInline
    location {
      start
      end
    }
    quote
    isOrphaned
    isByStoryAuthor
    shapedStory
    viewerCanDelete
    viewerCanReport
    storyPublicId
    author {
      id
      username
      avatarUrl
    }
  }
`);

/** How many levels of replies the sidebar's query reads under a top-level comment. */
export const MAX_REPLY_DEPTH = 4;

/**
 * The sidebar's comments: top-level comments with their nested replies. GraphQL has no recursive
 * selections, so the thread is read MAX_REPLY_DEPTH replies deep; Reply on the deepest level
 * answers in the same thread instead (see CommentItem), so every reply stays visible.
 */
export const StoryCommentsQuery = graphql(`
  query StoryComments($publicId: ID!) {
    story(publicId: $publicId) {
      id
      commentCount
      comments {
        ...CommentFields
        replies {
          ...CommentFields
          replies {
            ...CommentFields
            replies {
              ...CommentFields
              replies {
                ...CommentFields
              }
            }
          }
        }
      }
    }
  }
`);

/** Who is commenting: the author shown on an optimistic comment. */
export const CommentViewerQuery = graphql(`
  query CommentViewer {
    viewer {
      id
      username
      avatarUrl
    }
  }
`);

export const StoryDiscussionFragment = graphql(`
  fragment StoryDiscussion_story on Story {
    id
    publicId
    viewerIsAuthor
    commentCount
  }
`);
