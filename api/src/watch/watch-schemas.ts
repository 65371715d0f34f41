import { Type } from "typebox";
import { WATCH_TOKEN_PATTERN } from "./watch-rules.js";

// Watch-live links over REST (docs/product.md#watch-live-links).

export const WatchTokenParams = Type.Object({
  token: Type.String({
    pattern: WATCH_TOKEN_PATTERN,
    description: "The watch-live link's token (32 URL-safe characters).",
  }),
});

export const WatchLinkResponse = Type.Object(
  {
    token: Type.String({ description: "The link's token: anyone holding it watches the story." }),
    path: Type.String({ description: "The web app's page for it: /watch/<token>." }),
    url: Type.String({ description: "The page's full address, to share." }),
  },
  { additionalProperties: false },
);

export const WatchUpdateSchema = Type.Object(
  {
    phase: Type.Enum(["writing", "reviewing", "public", "private"], {
      description:
        "writing (the text arrives), reviewing (written; the owner has not decided yet), public (read it at story_id), private (the owner keeps it private).",
    }),
    title: Type.String({ description: "The story's title." }),
    progress: Type.Integer({ minimum: 0, maximum: 100, description: "0–100 while writing." }),
    chapters: Type.Array(
      Type.Object(
        { title: Type.String(), paragraphs: Type.Array(Type.String()) },
        { additionalProperties: false },
      ),
      {
        description:
          "The text being written (a new chapter alone when the story grows); empty once writing is over.",
      },
    ),
    story_id: Type.Union([Type.String(), Type.Null()], {
      description: "The story's public_id once anyone may read it; null before.",
    }),
    seq: Type.Integer({ description: "Orders the updates; a client drops a repeat." }),
  },
  { additionalProperties: false },
);

export function watchLinkJson(token: string, publicBaseUrl: string) {
  const path = `/watch/${token}`;
  return { token, path, url: `${publicBaseUrl}${path}` };
}
