import { HIGHLIGHT_PIECES_MAX } from "@storyloom/common";
import { Type, type Static } from "typebox";
import { HIGHLIGHT_START, HIGHLIGHT_STOP } from "./discovery-queries.js";

// Highlighted search results as data, never markup (docs/decisions/024): PostgreSQL marks the
// matches with two control characters no stored text keeps, and this splits the text there into
// plain pieces, each saying whether it matched. Clients render each piece as text.

export const HighlightSegmentSchema = Type.Object(
  {
    text: Type.String(),
    match: Type.Boolean({ description: "The piece is one of the query's words." }),
  },
  { additionalProperties: false },
);
export type HighlightSegment = Static<typeof HighlightSegmentSchema>;

export const SearchHighlightSchema = Type.Object(
  {
    public_id: Type.String({ description: "The story (in items) these highlights belong to." }),
    title: Type.Array(HighlightSegmentSchema, {
      maxItems: HIGHLIGHT_PIECES_MAX,
      description: "The whole title, in pieces.",
    }),
    snippet: Type.Array(HighlightSegmentSchema, {
      maxItems: HIGHLIGHT_PIECES_MAX,
      description: "An excerpt of the description and preview around the matches, in pieces.",
    }),
  },
  { additionalProperties: false },
);

/**
 * The text in pieces at the markers; empty pieces are dropped, stray markers too. Past
 * HIGHLIGHT_PIECES_MAX pieces the rest of the text is one plain piece: nothing is lost but the
 * later marks.
 */
export function highlightSegments(marked: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  for (const [index, part] of marked.split(HIGHLIGHT_START).entries()) {
    const [inside, ...after] = index === 0 ? [null, part] : part.split(HIGHLIGHT_STOP);
    if (inside !== null && inside !== undefined && inside.length > 0) {
      segments.push({ text: inside, match: true });
    }
    const rest = after.join("");
    if (rest.length > 0) segments.push({ text: rest, match: false });
  }
  if (segments.length <= HIGHLIGHT_PIECES_MAX) return segments;
  const tail = segments.slice(HIGHLIGHT_PIECES_MAX - 1).map((segment) => segment.text);
  return [...segments.slice(0, HIGHLIGHT_PIECES_MAX - 1), { text: tail.join(""), match: false }];
}
