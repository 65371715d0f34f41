/** The generation form's words (spec §5); the last one is ours, for a failure with no detail. */
export const GENERATION_MESSAGES = {
  titleRequired: "Title is required.",
  outlineRequired: "Outline/Prompt is required.",
  mustBeLoggedIn: "You must be logged in to generate a story.",
  startFailed: "Could not start generating the story. Please try again.",
} as const;
