import { graphql } from "../../__generated__";

/** Roles decide who moderates: they live in the database, granted by `npm run user:role`. */
export const ModerationViewerQuery = graphql(`
  query ModerationViewer {
    viewer {
      id
      roles
    }
  }
`);

export const ModerationQueuesQuery = graphql(`
  query ModerationQueues {
    pendingComments(first: 50) {
      id
      content
      createdAt
      flaggedCount
      storyPublicId
      author {
        id
        username
      }
    }
    pendingStories(first: 50) {
      id
      publicId
      title
      createdAt
      author {
        id
        username
      }
    }
  }
`);

export const ApproveCommentMutation = graphql(`
  mutation ApproveComment($id: ID!) {
    approveComment(id: $id) {
      id
      moderationStatus
    }
  }
`);

export const RejectCommentMutation = graphql(`
  mutation RejectComment($id: ID!) {
    rejectComment(id: $id) {
      id
      moderationStatus
    }
  }
`);

export const ApproveStoryMutation = graphql(`
  mutation ApproveStory($id: ID!) {
    approveStory(id: $id) {
      id
      moderationStatus
    }
  }
`);

export const RejectStoryMutation = graphql(`
  mutation RejectStory($id: ID!, $reason: String!) {
    rejectStory(id: $id, reason: $reason) {
      id
      moderationStatus
      moderationReason
    }
  }
`);

export function isModerator(roles: readonly string[] | undefined): boolean {
  return (roles ?? []).some((role) => role === "ADMIN" || role === "MODERATOR");
}
