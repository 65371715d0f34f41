/**
 * The generation form's words (docs/product.md#generation-form); the last one is for a
 * failure that gives no server words.
 */
export const GENERATION_MESSAGES = {
  titleRequired: "Title is required.",
  outlineRequired: "Outline/Prompt is required.",
  mustBeLoggedIn: "You must be logged in to generate a story.",
  startFailed: "Could not start generating the story. Please try again.",
} as const;
