import { Type, type Static } from "typebox";
import {
  REVISION_NOTES_MAX,
  REWRITE_ALTERNATIVES,
  REWRITE_INSTRUCTION_MAX,
  REWRITE_SELECTION_MAX,
} from "@storyloom/common";
import { apiIdSchema } from "../platform/http/api-id-schema.js";
import { nullable, storyDetailResponse } from "../stories/story-schemas.js";
import type { RewriteView } from "./rewrite-use-cases.js";

// Rewrites over REST (docs/product.md#rewrite-a-passage): the owner's requests and the answers.

export const RewriteParams = Type.Object({
  id: apiIdSchema("The story's public_id"),
  rewriteId: apiIdSchema("The rewrite's id"),
});

const offset = (description: string) =>
  Type.Integer({ minimum: 0, maximum: 100_000_000, description });

export const StartRewriteBody = Type.Object(
  {
    start: offset("Where the selection starts in the story's canonical text (UTF-16 units)."),
    end: offset(
      `Where it ends (exclusive): at most ${REWRITE_SELECTION_MAX} characters, inside one chapter.`,
    ),
    instruction: Type.Object(
      {
        kind: Type.Enum(["shorter", "longer", "more_dialogue", "darker", "lighter", "custom"], {
          description: "What the rewrite should do; custom follows `text`.",
        }),
        text: Type.Optional(
          Type.String({
            maxLength: 2000,
            description: `The owner's own words (custom), at most ${REWRITE_INSTRUCTION_MAX} characters after trimming.`,
          }),
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const ReviseFromNotesBody = Type.Object(
  {
    note_ids: Type.Array(apiIdSchema("A reader's passage note on this story"), {
      maxItems: 50,
      description: `1 to ${REVISION_NOTES_MAX} notes, all on passages of one chapter.`,
    }),
  },
  { additionalProperties: false },
);

export const KeepRewriteBody = Type.Object(
  {
    alternative: nullable(
      Type.Integer({ minimum: 0, maximum: 100 }),
      "The alternative to keep (0-based); null keeps the original.",
    ),
  },
  { additionalProperties: false },
);

const RewriteSchema = Type.Object(
  {
    id: Type.String(),
    status: Type.Enum(["writing", "ready", "kept", "original_kept", "failed"], {
      description:
        "writing (alternatives arriving), ready (pick one), kept, original_kept, failed (see error).",
    }),
    chapter_index: Type.Integer({ description: "The chapter the passage is in." }),
    start: Type.Integer({ description: "The selection in the canonical text when asked." }),
    end: Type.Integer(),
    original: Type.String({ description: "The selected text." }),
    instruction: Type.Object(
      {
        kind: Type.Enum([
          "shorter",
          "longer",
          "more_dialogue",
          "darker",
          "lighter",
          "custom",
          "notes",
        ]),
        text: nullable(Type.String(), "The owner's words, or the readers' notes followed."),
      },
      { additionalProperties: false },
    ),
    alternatives: Type.Array(Type.String(), {
      description: `Up to ${REWRITE_ALTERNATIVES}; while writing, the text so far.`,
    }),
    kept_alternative: nullable(Type.Integer(), "The alternative kept, once kept."),
    kept_version: nullable(Type.Integer(), "The version the kept alternative made."),
    error: nullable(Type.String(), "Why the rewrite failed."),
    note_ids: Type.Array(Type.String(), { description: "The readers' notes it followed." }),
    created_at: Type.String({ format: "date-time" }),
    updated_at: Type.String({ format: "date-time" }),
  },
  { additionalProperties: false, description: "A rewrite of a passage and its alternatives." },
);

export const RewriteResponse = RewriteSchema;

export const RewriteListResponse = Type.Object(
  { items: Type.Array(RewriteSchema, { description: "Newest first, at most 100." }) },
  { additionalProperties: false },
);

export const KeepRewriteResponse = Type.Object(
  { rewrite: RewriteSchema, story: storyDetailResponse("The story with the kept text.") },
  { additionalProperties: false },
);

export function toRewriteJson(view: RewriteView): Static<typeof RewriteSchema> {
  return {
    id: view.id,
    status: view.status,
    chapter_index: view.chapterIndex,
    start: view.rangeStart,
    end: view.rangeEnd,
    original: view.original,
    instruction: { kind: view.instructionKind, text: view.instructionText },
    alternatives: view.alternatives,
    kept_alternative: view.keptAlternative,
    kept_version: view.keptVersion,
    error: view.error,
    note_ids: view.noteIds,
    created_at: view.createdAt.toISOString(),
    updated_at: view.updatedAt.toISOString(),
  };
}
