import { Type, type Static } from "typebox";
import type { CardPage } from "../community/card-pages.js";
import { TITLE_MAX_LENGTH, validTitle } from "../generation/story-request-rules.js";
import type { StoryEdits, StoryUpdate } from "./lifecycle-rules.js";
import { nullable, storyDetailResponse, toStoryCardJson } from "./story-schemas.js";

// The owner's requests on their story (docs/product.md#owner-actions) and My Stories
// (docs/product.md#my-stories): bodies, queries and the answers that are not a story.

/** A chapter as the owner edits it. */
const ChapterSchema = Type.Object(
  {
    title: Type.String({ maxLength: TITLE_MAX_LENGTH }),
    paragraphs: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);

/** The owner's edited text: something to read, so at least one chapter. */
const EditedContentSchema = Type.Object(
  { chapters: Type.Array(ChapterSchema, { minItems: 1 }) },
  { additionalProperties: false, description: "At least one chapter." },
);

const editedTitle = Type.String({
  description: `1 to ${TITLE_MAX_LENGTH} characters after trimming.`,
});

export const ConfirmStoryBody = Type.Object(
  {
    title: Type.Optional(editedTitle),
    content: Type.Optional(EditedContentSchema),
  },
  { additionalProperties: false, description: "The owner's edits; omitted fields stay." },
);

export const UpdateStoryBody = Type.Object(
  {
    is_public: Type.Optional(Type.Boolean({ description: "Completed stories only." })),
    title: Type.Optional(editedTitle),
    content: Type.Optional(EditedContentSchema),
  },
  { additionalProperties: false },
);

/** The owner's edits in a confirm's body: the title trimmed and checked (422). */
export function editsOf(body: Static<typeof ConfirmStoryBody>): StoryEdits {
  return {
    ...(body.title === undefined ? {} : { title: validTitle(body.title) }),
    ...(body.content === undefined ? {} : { content: body.content }),
  };
}

/** A PATCH's visibility and edits. */
export function updateOf(body: Static<typeof UpdateStoryBody>): StoryUpdate {
  return {
    ...(body.is_public === undefined ? {} : { isPublic: body.is_public }),
    ...editsOf(body),
  };
}

export const MyStoriesQuery = Type.Object(
  {
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 100 })),
    cursor: Type.Optional(
      Type.String({ maxLength: 200, description: "next_cursor of the previous page." }),
    ),
  },
  { additionalProperties: false },
);

export const MyStoriesResponse = Type.Object(
  {
    items: Type.Array(storyDetailResponse("Without content and images (content null).")),
    next_cursor: nullable(Type.String(), "The cursor of the next page; null on the last."),
  },
  { additionalProperties: false, description: "The caller's stories, newest first." },
);

export const RegenerateArtQuery = Type.Object(
  {
    album_art_only: Type.Optional(Type.Boolean({ default: false, description: "Only the cover." })),
  },
  { additionalProperties: false },
);

export const ShareLinkResponse = Type.Object(
  { url: Type.String({ description: "<PUBLIC_BASE_URL>/stories/<public_id>" }) },
  { additionalProperties: false, description: "The story's public address." },
);

/** A page of My Stories (MyStoriesResponse): the owner's cards, without covers. */
export function toMyStoriesJson(page: CardPage, ownerId: string) {
  return {
    items: page.cards.map((card) => toStoryCardJson(card, ownerId, false)),
    next_cursor: page.nextCursor,
  };
}
