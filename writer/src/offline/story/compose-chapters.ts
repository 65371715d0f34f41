import type { ChapterPlan, StoryPlan, StoryRequest } from "../../contract.js";
import { buildBlueprint, storySlots, type StoryBlueprint } from "../blueprint.js";
import { createSeededRandom, Deck, type SeededRandom } from "../seeded-random.js";
import { fillTemplate, renderTemplate, type Slots } from "../template.js";
import { countWords, joinList } from "../text.js";
import { BEATS, RECAP_FRAMES, TIME_PHRASES, type BeatId, type ToneSlot } from "../words/arc.js";
import type { GenreMaterial } from "../words/genres.js";
import {
  ACTION_LINES,
  DIALOGUE_LINES,
  EVENT_FRAMES,
  FIRST_EVENT_FRAMES,
  INTERIOR_LINES,
  KEYWORD_ENDINGS,
  KEYWORD_FRAMES,
} from "../words/prose.js";
import { beatsFor, placeOf } from "./chapter-beats.js";
import { assignOutline, type Assignment } from "./outline-assignment.js";
import { toParagraphs } from "./paragraphs.js";

// Writes the offline story's chapters from the request and its plan (plan-story.ts), each a pure
// function of the two: chapter i is written by replaying chapters 0…i with one random stream, so
// sentence pools are shared across chapters without repeats, and a chapter rewritten after a
// worker restart comes out byte-identical.

/** A chapter as sentences per paragraph, so the writer can stream it sentence by sentence. */
export interface ComposedChapter {
  title: string;
  paragraphs: string[][];
}

/** Chapters 0…upTo of the story for this request and plan. */
export function composeChapters(
  request: StoryRequest,
  plan: StoryPlan,
  upTo: number,
): ComposedChapter[] {
  const blueprint = buildBlueprint(request);
  const count = plan.chapters.length;
  const beats = beatsFor(blueprint.arc, count);
  const assignments = assignOutline(blueprint, count);
  const composer = new ChapterComposer(blueprint, createSeededRandom(blueprint.seed).fork("text"));
  const chapters: ComposedChapter[] = [];
  for (let i = 0; i <= upTo && i < count; i += 1) {
    chapters.push(
      composer.compose({
        index: i,
        isLast: i === count - 1,
        beat: beats[i] as BeatId,
        previousBeat: beats[i - 1],
        plan: plan.chapters[i] as ChapterPlan,
        assignment: assignments[i] as Assignment,
      }),
    );
  }
  return chapters;
}

interface ChapterInput {
  index: number;
  isLast: boolean;
  beat: BeatId;
  previousBeat: BeatId | undefined;
  plan: ChapterPlan;
  assignment: Assignment;
}

/** A sentence the chapter must hold; 0 = essential, 1 = wanted, 2 = dropped first for space. */
interface Required {
  text: string;
  priority: 0 | 1 | 2;
  /** Follows the sentence before it directly, with no filler between ("…; after that night…"). */
  sticky?: boolean;
}

type FillerKind = "setting" | "flavour" | "action" | "interior" | "dialogue" | "tension";

class ChapterComposer {
  private readonly decks = new Map<string, Deck<string>>();
  private readonly slots: Record<string, string>;
  private readonly pools: Record<FillerKind, readonly string[]>;

  constructor(
    private readonly blueprint: StoryBlueprint,
    private readonly random: SeededRandom,
  ) {
    this.slots = storySlots(blueprint);
    const [primary, secondary] = blueprint.genres as [GenreMaterial, GenreMaterial | undefined];
    this.pools = {
      setting: this.blend(primary.settingLines, secondary?.settingLines),
      flavour: this.blend(primary.flavourLines, secondary?.flavourLines),
      action: ACTION_LINES,
      interior: INTERIOR_LINES,
      dialogue: [...DIALOGUE_LINES, ...blueprint.genres.flatMap((genre) => genre.dialogueLines)],
      tension: blueprint.tone.tensionLines,
    };
  }

  compose(input: ChapterInput): ComposedChapter {
    const slots = {
      ...this.slots,
      here: placeOf(input.beat, this.blueprint, this.slots, this.random),
      time: this.random.pick(TIME_PHRASES),
    };
    const required = this.fitRequired(this.required(input, slots), input.plan.targetWords);
    const fillers = this.fillers(input, slots, input.plan.targetWords - wordsOf(required));
    const sentences = interleave(required, fillers);
    return { title: input.plan.title, paragraphs: toParagraphs(sentences) };
  }

  /** The chapter's plot: opening, beat lines, the user's outline lines and keywords, closing. */
  private required(input: ChapterInput, slots: Slots): Required[] {
    const { beat, assignment } = input;
    const say = (template: string, extra: Slots = {}) =>
      renderTemplate(template, { ...slots, ...extra }, this.random);
    const keys = this.keyLines(beat, input.plan.targetWords).map((line) => say(line));
    const tones = this.toneLines(beat).map((line) => ({
      text: say(line.template),
      priority: line.priority,
    }));
    const events = assignment.events.map((event, j) => {
      const first = input.index === 0 && j === 0;
      return say(
        this.draw(first ? "first-event" : "event", first ? FIRST_EVENT_FRAMES : EVENT_FRAMES),
        {
          event,
        },
      );
    });
    const items: (Required | null)[] = [
      { text: say(this.draw(`opening:${beat}`, BEATS[beat].openings)), priority: 0 },
      this.recap(input, slots),
      // The story's first outline line belongs right after the opening, where it sets things up.
      events[0] ? { text: events[0], priority: 0, sticky: input.index === 0 } : null,
      keys[0] ? { text: keys[0], priority: 0 } : null,
      tones[0] ?? null,
      ...assignment.keywordGroups.map((keyword): Required => ({
        text: say(this.draw("keyword", KEYWORD_FRAMES), { keyword }),
        priority: 0,
      })),
      ...events.slice(1).map((text): Required => ({ text, priority: 0 })),
      ...assignment.mentions.map((mention): Required => ({
        text: say(this.draw(mention.slot, mention.frames), { [mention.slot]: mention.value }),
        priority: 0,
      })),
      ...keys.slice(1).map((text): Required => ({ text, priority: 1 })),
      ...tones.slice(1),
      this.keywordEnding(input, slots),
      { text: say(this.draw(`closing:${beat}`, BEATS[beat].closings)), priority: 0 },
    ];
    return items.filter((item): item is Required => item !== null);
  }

  /** Plot sentences of the beat; a finale tells its climax before its resolution. */
  private keyLines(beat: BeatId, targetWords: number): string[] {
    const count = targetWords < 260 ? 2 : 3;
    if (beat !== "finale") {
      return Array.from({ length: count }, () => this.draw(`key:${beat}`, BEATS[beat].keyLines));
    }
    const climax = Array.from({ length: count - 1 }, () =>
      this.draw("key:climax", BEATS.climax.keyLines),
    );
    return [...climax, this.draw("key:resolution", BEATS.resolution.keyLines)];
  }

  /**
   * The beat's dose of tone. The darkest moment and the confrontation always carry it (so a heavy
   * story is dark where it matters); medium and heavy stories also let it into the opening.
   */
  private toneLines(beat: BeatId): { template: string; priority: 0 | 1 | 2 }[] {
    const tone = this.blueprint.tone;
    const pools: Record<ToneSlot, readonly string[]> = {
      tension: tone.tensionLines,
      low: tone.lowLines,
      climax: tone.climaxLines,
      aftermath: tone.aftermathLines,
    };
    const slots: ToneSlot[] = [...BEATS[beat].toneLines];
    if (slots.length === 0 && tone.level !== "light") slots.push("tension");
    return slots.map((slot) => ({
      // Tension shares the filler deck, so the dose and the filler never pick the same line.
      template: this.draw(slot === "tension" ? "filler:tension" : `tone:${slot}`, pools[slot]),
      priority: slot === "low" || slot === "climax" ? 0 : slot === "tension" ? 2 : 1,
    }));
  }

  /** Chapters after the first open by remembering the one before. */
  private recap(input: ChapterInput, slots: Slots): Required | null {
    if (input.previousBeat === undefined) return null;
    const memories = BEATS[input.previousBeat].memories;
    const memory = fillTemplate(
      this.draw(`memory:${input.previousBeat}`, memories),
      slots,
      this.random,
    );
    const text = renderTemplate(
      this.draw("recap", RECAP_FRAMES),
      { ...slots, memory },
      this.random,
    );
    return { text, priority: 2, sticky: true };
  }

  private keywordEnding(input: ChapterInput, slots: Slots): Required | null {
    const keywords = this.blueprint.keywords;
    if (!input.isLast || keywords.length === 0) return null;
    const template = this.draw("keyword-ending", KEYWORD_ENDINGS);
    return {
      text: renderTemplate(template, { ...slots, keyword: joinList(keywords) }, this.random),
      priority: 1,
    };
  }

  /** Drops the least needed sentences while the essentials alone overrun the chapter's budget. */
  private fitRequired(required: Required[], targetWords: number): Required[] {
    let kept = required;
    for (const priority of [2, 1] as const) {
      if (wordsOf(kept) <= targetWords) break;
      kept = kept.filter((item) => item.priority !== priority);
    }
    return kept;
  }

  /**
   * Everyday sentences until the chapter reaches its budget. A sentence that would overshoot is
   * still taken when that lands closer to the target than stopping short.
   */
  private fillers(input: ChapterInput, slots: Slots, budget: number): string[] {
    const fillers: string[] = [];
    const used = new Set<string>();
    let words = 0;
    for (let misses = 0, guard = 0; misses < 8 && guard < 400; guard += 1) {
      const remaining = budget - words;
      if (remaining <= 0) break;
      const template = this.drawFiller(input.beat);
      // Pools are reused across a long story, but never twice within one chapter.
      if (used.has(template)) continue;
      used.add(template);
      const sentence = renderTemplate(template, slots, this.random);
      const size = countWords(sentence);
      if (size <= remaining || size - remaining < remaining) {
        fillers.push(sentence);
        words += size;
      } else {
        misses += 1;
      }
    }
    return fillers;
  }

  private drawFiller(beat: BeatId): string {
    const weights = fillerWeights(beat, this.blueprint.tone.tensionWeight);
    let roll = this.random.next() * Object.values(weights).reduce((a, b) => a + b, 0);
    for (const [kind, weight] of Object.entries(weights) as [FillerKind, number][]) {
      roll -= weight;
      if (roll < 0) return this.draw(`filler:${kind}`, this.pools[kind]);
    }
    return this.draw("filler:action", this.pools.action);
  }

  /** All of the main genre's lines and half of the second's, so the first genre leads. */
  private blend(primary: readonly string[], secondary: readonly string[] | undefined): string[] {
    if (!secondary) return [...primary];
    const half = this.random.shuffle(secondary).slice(0, Math.ceil(secondary.length / 2));
    return [...primary, ...half];
  }

  private draw(name: string, items: readonly string[]): string {
    let deck = this.decks.get(name);
    if (!deck) {
      deck = new Deck(items, this.random.fork(name));
      this.decks.set(name, deck);
    }
    return deck.draw();
  }
}

/** Beginnings and endings dwell on places; the dark middle on tension. */
function fillerWeights(beat: BeatId, tensionWeight: number): Record<FillerKind, number> {
  const weights: Record<FillerKind, number> = {
    setting: 0.2,
    flavour: 0.2,
    action: 0.24,
    interior: 0.14,
    dialogue: 0.14,
    tension: tensionWeight,
  };
  if (beat === "setup" || beat === "resolution") {
    weights.setting *= 1.4;
    weights.tension *= 0.5;
  } else if (beat === "low" || beat === "climax" || beat === "finale") {
    weights.setting *= 0.6;
    weights.tension *= 1.6;
  }
  return weights;
}

function wordsOf(items: readonly Required[]): number {
  return items.reduce((sum, item) => sum + countWords(item.text), 0);
}

/**
 * Fillers spread evenly over the gaps between required sentences: never before the first, after
 * the last, or in front of a sticky one.
 */
function interleave(required: readonly Required[], fillers: readonly string[]): string[] {
  const gaps = required
    .map((_item, i) => i)
    .filter((i) => i < required.length - 1 && !required[i + 1]?.sticky);
  const byGap = new Map<number, string[]>(gaps.map((i) => [i, []]));
  fillers.forEach((filler, j) => {
    const gap = gaps[Math.floor(((j + 0.5) * gaps.length) / fillers.length)];
    byGap.get(gap ?? 0)?.push(filler);
  });
  return required.flatMap((item, i) => [item.text, ...(byGap.get(i) ?? [])]);
}
