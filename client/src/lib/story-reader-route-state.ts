/**
 * The story reader may be opened with initial story data and an animate-on-enter flag (the
 * generation form does so). History state is untyped, so the reader checks what it gets.
 */
export interface StoryReaderRouteState {
  /** The reader's story fragment data for this story, as a mutation returned it. */
  initialStory: unknown;
  animateOnEnter: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The initial story when it is a Story with this public id, and whether to animate. */
export function readStoryReaderRouteState(
  state: unknown,
  publicId: string,
): { initialStory: Record<string, unknown> | null; animateOnEnter: boolean } {
  if (!isRecord(state)) return { initialStory: null, animateOnEnter: false };
  const story = state.initialStory;
  const matches =
    isRecord(story) &&
    story.__typename === "Story" &&
    story.publicId === publicId &&
    typeof story.status === "string";
  return { initialStory: matches ? story : null, animateOnEnter: state.animateOnEnter === true };
}
