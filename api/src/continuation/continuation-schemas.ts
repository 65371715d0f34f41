import { Type, type Static } from "typebox";
import { CONTINUATION_STATES } from "@storyloom/common";
import type { StoryRecord } from "../platform/db/schema.js";
import { DIRECTION_MAX_LENGTH } from "./continuation-rules.js";

// Continue the story over REST (docs/product.md#continue-the-story).

/** A schema or null, described. */
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(
  schema: T,
  description: string,
) => Type.Union([schema, Type.Null()], { description });

export const ContinueStoryBody = Type.Object(
  {
    direction: Type.Optional(
      nullable(
        Type.String({ maxLength: 10_000 }),
        `A line of direction for the next chapter, at most ${DIRECTION_MAX_LENGTH} characters; empty or left out: the writer carries on.`,
      ),
    ),
  },
  { additionalProperties: false },
);
export type ContinueStoryBodyJson = Static<typeof ContinueStoryBody>;

/** The next chapter as its owner sees it on the story (null for everyone else). */
export const ContinuationSchema = Type.Object(
  {
    state: Type.Enum([...CONTINUATION_STATES], {
      description:
        "writing (streamed live), ready_for_review (confirm or discard it), error (ask again or discard).",
    }),
    direction: nullable(Type.String(), "The owner's line of direction, if any."),
    chapter: nullable(
      Type.Object(
        { title: Type.String(), paragraphs: Type.Array(Type.String()) },
        { additionalProperties: false },
      ),
      "The chapter so far (writing) or finished (ready_for_review); null before its first words.",
    ),
    error: nullable(Type.String(), "Why it could not be written (state error)."),
  },
  { additionalProperties: false },
);
export type ContinuationJson = Static<typeof ContinuationSchema>;

/** The row's next chapter as JSON; null when none was asked for. */
export function continuationJson(
  story: Pick<StoryRecord, "continuationState" | "continuation">,
): ContinuationJson | null {
  const state = story.continuationState;
  const continuation = story.continuation;
  if (state === null || continuation === null) return null;
  return {
    state,
    direction: continuation.direction,
    chapter: continuation.chapter
      ? { title: continuation.chapter.title, paragraphs: [...continuation.chapter.paragraphs] }
      : null,
    error: continuation.error,
  };
}
