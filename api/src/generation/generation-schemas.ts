import { DESIRED_LENGTHS, NASTINESS_LEVELS } from "@storyloom/common";
import { Type, type Static } from "typebox";
import { apiIdSchema } from "../platform/http/api-id-schema.js";
import { storyDetailResponse, toStoryViewJson } from "../stories/story-schemas.js";
import type { PictureLinks } from "../stories/picture-link-rules.js";
import type { StoryView } from "../stories/story-views.js";
import {
  LABEL_MAX_LENGTH,
  MAX_LABELS,
  OUTLINE_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from "./story-request-rules.js";

// POST /stories/generate/start: the generation form's request (docs/product.md#generation-form)
// and the new story.

const labelList = (noun: string) =>
  Type.Array(Type.String(), {
    description: `At most ${MAX_LABELS} ${noun}s of at most ${LABEL_MAX_LENGTH} characters; trimmed, blanks dropped.`,
  });

/** A generation request. Lengths count after trimming (checked by generation/start-story.ts). */
export const StartStoryBody = Type.Object(
  {
    title: Type.String({ description: `1 to ${TITLE_MAX_LENGTH} characters after trimming.` }),
    outline: Type.String({ description: `1 to ${OUTLINE_MAX_LENGTH} characters after trimming.` }),
    tags: Type.Optional(labelList("tag")),
    theme_keywords: Type.Optional(labelList("theme keyword")),
    desired_length: Type.Optional(
      Type.Enum([...DESIRED_LENGTHS], { description: "Default short." }),
    ),
    nastiness_level: Type.Optional(
      Type.Enum([...NASTINESS_LEVELS], { description: "Default light." }),
    ),
    category_id: Type.Optional(
      Type.Union([apiIdSchema("A category's id (GET /categories)"), Type.Null()], {
        description: "The story's category; none when absent or null.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const StartStoryResponse = Type.Object(
  { public_id: Type.String(), story: storyDetailResponse("The new story, generating.") },
  { additionalProperties: false, description: "Started; a worker writes it from now on." },
);

export type StartStoryJson = Static<typeof StartStoryBody>;

/** The new story, as its owner sees it. */
export function toStartedStoryJson(view: StoryView, links: PictureLinks) {
  return { public_id: view.story.publicId, story: toStoryViewJson(view, links) };
}
