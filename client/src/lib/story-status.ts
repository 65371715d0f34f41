import type { StoryStatus } from "../__generated__/graphql";

/** Readable names of the story statuses, shown on badges and pages. */
const STATUS_LABELS: Record<StoryStatus, string> = {
  GENERATING: "Generating",
  READY_FOR_REVIEW: "Ready for Review",
  COMPLETED: "Completed",
  ERROR: "Error",
  DISCARDED: "Discarded",
};

export function isKnownStoryStatus(status: string): status is StoryStatus {
  return Object.hasOwn(STATUS_LABELS, status);
}

/** A known status's label; an unknown one (a newer server) is shown as sent. */
export function storyStatusLabel(status: string): string {
  return isKnownStoryStatus(status) ? STATUS_LABELS[status] : status;
}
