import { Type } from "typebox";
import { STORY_VERSION_CAUSES } from "@storyloom/common";
import { apiIdSchema } from "../platform/http/api-id-schema.js";
import type { VersionEntry } from "./story-versions-queries.js";
import type { VersionDiff } from "./story-versions.js";
import { nullable } from "./story-schemas.js";

// A story's versions over REST (docs/product.md#versions): the owner's history and diffs.

export const VersionParams = Type.Object({
  id: apiIdSchema("The story's public_id"),
  number: Type.Integer({ minimum: 1, maximum: 1_000_000, description: "The version's number." }),
});

const versionFields = {
  number: Type.Integer({ minimum: 1, description: "1, 2, 3… in the order they were made." }),
  cause: Type.Enum([...STORY_VERSION_CAUSES], {
    description:
      "written (the writer's first text), regenerated, confirmed (the owner's edits at confirm), edited, rewritten (a passage), restored, chapter_added.",
  }),
  restored_from: nullable(Type.Integer(), "For a restore: the version it brought back."),
  title: Type.String({ description: "The story's title in this version." }),
  created_at: Type.String({ format: "date-time" }),
};

const VersionSchema = Type.Object(versionFields, { additionalProperties: false });

export const VersionListResponse = Type.Object(
  { items: Type.Array(VersionSchema, { description: "Newest first." }) },
  { additionalProperties: false, description: "The story's versions; its owner only." },
);

export const VersionDiffResponse = Type.Object(
  {
    ...versionFields,
    changes: Type.Array(
      Type.Object(
        {
          kind: Type.Enum(["same", "added", "removed"]),
          text: Type.String(),
        },
        { additionalProperties: false },
      ),
      {
        description:
          "What this version changed from the one before, word by word: the title, then each chapter's title and paragraphs, a blank line apart.",
      },
    ),
  },
  { additionalProperties: false, description: "A version and what it changed." },
);

function versionJson(version: VersionEntry) {
  return {
    number: version.number,
    cause: version.cause,
    restored_from: version.restoredFrom,
    title: version.title,
    created_at: version.createdAt.toISOString(),
  };
}

export const toVersionListJson = (versions: VersionEntry[]) => ({
  items: versions.map(versionJson),
});

export const toVersionDiffJson = (diff: VersionDiff) => ({
  ...versionJson(diff),
  changes: diff.changes,
});
