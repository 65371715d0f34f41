import { READING_STATES } from "@storyloom/common";
import { Type } from "typebox";
import {
  listCursorParam,
  listSizeParam,
  nullable,
  storyCardsDescription,
  storyCards,
  storyDetailResponse,
} from "../stories/story-schemas.js";
import type { KeysetPage } from "../platform/lib/keyset-page.js";
import type { ChangesSinceRead, ProgressView } from "./library-actions.js";
import type { LibraryRow } from "./library-queries.js";
import { isNewSinceRead } from "../stories/version-rules.js";

// The JSON of a reader's progress, library shelves and changes since they read.

const paragraphIndex = (description: string) =>
  Type.Integer({ minimum: 0, maximum: 100_000, description });

const readingState = Type.Enum([...READING_STATES], {
  description: "reading, finished or later (the shelf of the reader's library).",
});

export const ReadingPositionSchema = Type.Object(
  {
    chapter: paragraphIndex("The chapter's index, from 0."),
    paragraph: paragraphIndex("The paragraph's index within the chapter, from 0."),
  },
  { additionalProperties: false },
);

export const ProgressBody = Type.Object(
  {
    chapter: paragraphIndex("The chapter's index, from 0."),
    paragraph: paragraphIndex("The paragraph's index within the chapter, from 0."),
    at_end: Type.Optional(
      Type.Boolean({ description: "The reader reached the end of the story: it is finished." }),
    ),
    read_at: Type.Optional(
      Type.String({
        format: "date-time",
        description:
          "When the reader was at this place (now when omitted; a later time counts as now). A place older than the one kept, saved since on another device, is not saved: the kept one is answered.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const ReadingStateBody = Type.Object(
  { state: readingState },
  { additionalProperties: false },
);

export const ProgressResponse = Type.Object(
  {
    state: nullable(readingState, "null when the story is on none of the reader's shelves."),
    position: nullable(
      ReadingPositionSchema,
      "The paragraph the reader reached, found again in today's text; null before they read.",
    ),
    new_since_read: Type.Boolean({
      description: "The story gained a revision or a chapter since the reader last read it.",
    }),
    read_at: nullable(Type.String({ format: "date-time" }), "When they last read it."),
    updated_at: nullable(Type.String({ format: "date-time" }), "When this last changed."),
  },
  { additionalProperties: false, description: "The caller's own progress; nobody else's." },
);

export const LibraryQuery = Type.Object(
  {
    state: readingState,
    size: Type.Optional(listSizeParam),
    cursor: Type.Optional(listCursorParam),
  },
  { additionalProperties: false },
);

export const LibraryResponse = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          story: storyDetailResponse(storyCardsDescription),
          state: readingState,
          new_since_read: Type.Boolean({
            description: "The story gained a revision or a chapter since the reader read it.",
          }),
          read_at: nullable(Type.String({ format: "date-time" }), "When they last read it."),
        },
        { additionalProperties: false },
      ),
    ),
    next_cursor: nullable(Type.String(), "The cursor of the next page; null on the last."),
  },
  { additionalProperties: false },
);

export const ChangesResponse = Type.Object(
  {
    since_version: Type.Integer({ description: "The version the reader last read." }),
    since_at: Type.String({ format: "date-time", description: "When that version was made." }),
    changes: Type.Array(
      Type.Object(
        { kind: Type.Enum(["same", "added", "removed"]), text: Type.String() },
        { additionalProperties: false },
      ),
      {
        description:
          "What changed since, word by word, in the text the reader may read: the title, then each chapter's title and paragraphs, a blank line apart.",
      },
    ),
  },
  { additionalProperties: false },
);

export const toProgressJson = (view: ProgressView) => ({
  state: view.state,
  position: view.position,
  new_since_read: view.newSinceRead,
  read_at: view.readAt?.toISOString() ?? null,
  updated_at: view.updatedAt?.toISOString() ?? null,
});

export function toLibraryJson(page: KeysetPage<LibraryRow>, viewerId: string) {
  const cards = storyCards(
    page.rows.map((row) => row.story),
    viewerId,
  );
  return {
    items: page.rows.map((row, index) => ({
      story: cards[index]!,
      state: row.state,
      new_since_read: isNewSinceRead(row, row.story, row.latestVersion),
      read_at: row.readAt?.toISOString() ?? null,
    })),
    next_cursor: page.nextCursor,
  };
}

export const toChangesJson = (changes: ChangesSinceRead) => ({
  since_version: changes.sinceVersion,
  since_at: changes.sinceAt.toISOString(),
  changes: changes.changes,
});
