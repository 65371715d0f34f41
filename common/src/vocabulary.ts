// The product's words for a story and its discussion, written once. The api stores and answers
// these values (snake_case, as in the REST JSON), the writer takes the request's length and tone,
// and the bff's code generation maps each onto its GraphQL enum (SHORT ↔ short): no tier spells
// them again. What each means is in docs/product.md.

/** A story's lifecycle (docs/product.md "Story lifecycle"). */
export const STORY_STATUSES = [
  "generating",
  "ready_for_review",
  "completed",
  "error",
  "discarded",
] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

/** A story status this code knows; a newer api might send one it does not. */
export const isStoryStatus = (value: unknown): value is StoryStatus =>
  typeof value === "string" && (STORY_STATUSES as readonly string[]).includes(value);

/** How long a story should be: about 500, 1500 or 3000 words. */
export const DESIRED_LENGTHS = ["short", "medium", "long"] as const;
export type DesiredLength = (typeof DESIRED_LENGTHS)[number];

/** How dark a story may get. */
export const NASTINESS_LEVELS = ["light", "medium", "heavy"] as const;
export type NastinessLevel = (typeof NASTINESS_LEVELS)[number];

/** A moderator's verdict on a public story or a comment. */
export const MODERATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** Roles that grant moderation powers; ordinary users have none. */
export const USER_ROLES = ["admin", "moderator"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A story's picture: the cover, or one shown after a paragraph of a chapter. */
export const IMAGE_ROLES = ["cover", "chapter"] as const;
export type ImageRole = (typeof IMAGE_ROLES)[number];

/**
 * What made a version of a story's text (docs/product.md#versions): the writer's first text, a
 * regeneration, the owner's edits at confirm, an edit, an accepted rewrite of a passage, a
 * restore of an earlier version, a new chapter.
 */
export const STORY_VERSION_CAUSES = [
  "written",
  "regenerated",
  "confirmed",
  "edited",
  "rewritten",
  "restored",
  "chapter_added",
] as const;
export type StoryVersionCause = (typeof STORY_VERSION_CAUSES)[number];

/**
 * Where a story stands in a reader's library (docs/product.md#reading-progress): being read,
 * finished, or kept for later.
 */
export const READING_STATES = ["reading", "finished", "later"] as const;
export type ReadingState = (typeof READING_STATES)[number];

/**
 * A next chapter the owner asked for (docs/product.md#continue-the-story): being written, written
 * and waiting for the owner's review, or failed. None once confirmed or discarded.
 */
export const CONTINUATION_STATES = ["writing", "ready_for_review", "error"] as const;
export type ContinuationState = (typeof CONTINUATION_STATES)[number];

/**
 * GraphQL's names for one of the lists above, each value in capitals standing for itself:
 * `["ready_for_review"]` gives `{ READY_FOR_REVIEW: "ready_for_review" }`. The bff's code
 * generation and its executable schema both read GraphQL enums through this, so nothing spells
 * the values a second time.
 */
export function graphQLEnumValues<const Value extends string>(
  values: readonly Value[],
): { readonly [V in Value as Uppercase<V>]: V } {
  return Object.fromEntries(values.map((value) => [value.toUpperCase(), value])) as {
    readonly [V in Value as Uppercase<V>]: V;
  };
}

/** One chapter of a story's text. */
export interface Chapter {
  title: string;
  paragraphs: string[];
}

/** A story's text: its chapters, in reading order. */
export interface StoryContent {
  chapters: Chapter[];
}
