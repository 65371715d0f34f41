// Every comment text in the product's words (docs/product.md#comments).
export const COMMENT_MESSAGES = {
  heading: "Comments",
  inlineSection: "Story Comments",
  generalSection: "Discussion",
  empty: "No comments yet. Be the first to share your thoughts!",
  disabled: "Comments are currently disabled. Enable comments to view and add annotations.",
  disabledFooter: "Enable comments to add your thoughts.",
  logInToComment: "Please log in to comment.",
  emptyComment: "Comment cannot be empty.",
  enableToAnnotate: "Please enable comments to add annotations.",
  defaultPlaceholder: "Add a comment...",
  loadFailed: "Could not load comments.",
  postFailed: "Could not post comment.",
  deleteFailed: "Could not delete comment.",
  reportFailed: "Could not report comment.",
  reported: "Comment reported successfully.",
  showMore: "Show more",
  showLess: "Show less",
  authorBadge: "Author",
  shapedStory: "Shaped the story",
  addComment: "Add Comment",
  orphanedLabel: "Passage no longer in the story",
  pendingLabel: "Awaiting moderation",
  anonymous: "Anonymous",
} as const;

/** The placeholder for a reply target. */
export function replyPlaceholder(name: string): string {
  return `Replying to ${name}...`;
}

/** An inline target's placeholder is the first 30 characters of the selected text. */
export const INLINE_PLACEHOLDER_LENGTH = 30;

/** A clicked note's passage flashes for 1500 ms. */
export const HIGHLIGHT_FLASH_MS = 1500;
