import type { StoryBlueprint } from "../blueprint.js";
import { joinList } from "../text.js";
import { COMPANION_FRAMES, PLACE_FRAMES, THING_FRAMES } from "../words/prose.js";

/** What of the user's outline a chapter must carry. */
export interface Assignment {
  events: string[];
  keywordGroups: string[];
  mentions: { frames: readonly string[]; slot: string; value: string }[];
}

/**
 * Spreads the outline over the chapters: outline lines in order from first chapter to last,
 * keywords (grouped when there are many) evenly, extra names and places after the first chapter,
 * which already has the most to introduce.
 */
export function assignOutline(blueprint: StoryBlueprint, count: number): Assignment[] {
  const assignments: Assignment[] = Array.from({ length: count }, () => ({
    events: [],
    keywordGroups: [],
    mentions: [],
  }));
  const at = (i: number) => assignments[Math.min(count - 1, Math.max(0, i))] as Assignment;
  const { events, keywords } = blueprint;
  events.forEach((event, j) => {
    at(events.length === 1 ? 0 : Math.round((j * (count - 1)) / (events.length - 1))).events.push(
      event,
    );
  });
  const groupSize = Math.max(1, Math.ceil(keywords.length / (2 * count)));
  const groups = chunk(keywords, groupSize).map(joinList);
  groups.forEach((group, g) =>
    at(Math.floor((g * count) / groups.length)).keywordGroups.push(group),
  );
  const mentions = [
    ...blueprint.companions.map((value) => ({
      frames: COMPANION_FRAMES,
      slot: "companion",
      value,
    })),
    ...blueprint.extraPlaces.map((value) => ({ frames: PLACE_FRAMES, slot: "place", value })),
    ...blueprint.extraThings.map((value) => ({ frames: THING_FRAMES, slot: "thing", value })),
  ];
  mentions.forEach((mention, m) =>
    at(count === 1 ? 0 : 1 + (m % (count - 1))).mentions.push(mention),
  );
  return assignments;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
