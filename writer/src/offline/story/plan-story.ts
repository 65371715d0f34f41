import {
  WORD_BUDGET,
  type ChapterPlan,
  type StoryPlan,
  type StoryRequest,
} from "../../contract.js";
import { buildBlueprint, storySlots, type StoryBlueprint } from "../blueprint.js";
import { createSeededRandom, type SeededRandom } from "../seeded-random.js";
import { renderTemplate, type Slots } from "../template.js";
import { capitaliseFirst, joinList, titleCase } from "../text.js";
import { BEATS, type BeatId } from "../words/arc.js";
import type { GenreMaterial } from "../words/genres.js";
import { placeOf } from "./chapter-beats.js";
import { assignOutline } from "./outline-assignment.js";

// The offline story's plan: its description, and per beat of the arc a chapter with a title, a
// summary (the first outline line it carries) and its share of the word budget. A pure function
// of the request, like the chapters written from it (compose-chapters.ts).

export function planStory(request: StoryRequest): StoryPlan {
  const blueprint = buildBlueprint(request);
  const random = createSeededRandom(blueprint.seed).fork("plan");
  const slots = storySlots(blueprint);
  const budget = WORD_BUDGET[request.desiredLength];
  const targets = splitBudget(
    budget,
    blueprint.arc.map((beat) => BEATS[beat].weight),
  );
  const assignments = assignOutline(blueprint, blueprint.arc.length);
  const titles = new Set<string>();
  const chapters = blueprint.arc.map((beat, i): ChapterPlan => {
    const chapterSlots = { ...slots, here: placeOf(beat, blueprint, slots, random) };
    const title = chapterTitle(beat, blueprint.primary, chapterSlots, titles, random, i);
    const firstEvent = assignments[i]?.events[0];
    const summary = renderTemplate(random.pick(BEATS[beat].summaries), chapterSlots, random);
    return {
      title,
      summary: firstEvent ? `${summary} ${capitaliseFirst(firstEvent)}.` : summary,
      targetWords: targets[i] as number,
    };
  });
  return {
    title: blueprint.title || "Untitled",
    description: describe(blueprint, random),
    chapters,
  };
}

/** Splits a budget by weights into integers that add up to it exactly (largest remainder). */
export function splitBudget(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  const order = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  let missing = total - parts.reduce((a, b) => a + b, 0);
  for (const { i } of order) {
    if (missing <= 0) break;
    parts[i] = (parts[i] as number) + 1;
    missing -= 1;
  }
  return parts;
}

function describe(blueprint: StoryBlueprint, random: SeededRandom): string {
  const { hero, tone, genres, keywords, events } = blueprint;
  const adjective = random.pick(tone.adjectives);
  const blend = genres[1]
    ? `${genres[1].adjective} ${blueprint.primary.noun}`
    : blueprint.primary.noun;
  const who = hero.epithet ? `${hero.full}, ${hero.epithet},` : hero.full;
  const first =
    `${article(adjective)} ${adjective} ${blend} in which ${who} travels from ${blueprint.home} ` +
    `to ${blueprint.destination} and ${random.pick(tone.meetsRival)} ${blueprint.rival.full}.`;
  if (keywords.length > 0)
    return `${capitaliseFirst(first)} It is a story of ${joinList(keywords)}.`;
  const event = events[0];
  return event ? `${capitaliseFirst(first)} It begins simply: ${event}.` : capitaliseFirst(first);
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "An" : "A";
}

function chapterTitle(
  beat: BeatId,
  genre: GenreMaterial,
  slots: Slots,
  used: Set<string>,
  random: SeededRandom,
  index: number,
): string {
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const template = random.pick(BEATS[beat].titles);
    const withWord = { ...slots, titleWord: random.pick(genre.titleWords) };
    const title = titleCase(renderTemplate(template, withWord, random));
    if (!used.has(title)) {
      used.add(title);
      return title;
    }
  }
  return `Chapter ${index + 1}`;
}
