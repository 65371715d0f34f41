import type { SeededRandom } from "./seeded-random.js";
import { capitaliseFirst } from "./text.js";

// The sentence pools are written as small templates: `{slot}` takes a value of the story (a name,
// a place, a line of the user's outline) and `[one|two|three]` lets the seeded generator pick a
// wording, so one template reads differently from story to story.

export type Slots = Readonly<Record<string, string>>;

const CHOICE = /\[([^[\]]*)\]/g;
const SLOT = /\{(\w+)\}/g;

/**
 * Renders one sentence. Choices are resolved before slots are filled, and filled values are never
 * scanned again: a user's outline may contain brackets or braces and must come out verbatim.
 */
export function renderTemplate(template: string, slots: Slots, random: SeededRandom): string {
  return capitaliseFirst(fillTemplate(template, slots, random));
}

/** As renderTemplate, without capitalising: for phrases that go inside another sentence. */
export function fillTemplate(template: string, slots: Slots, random: SeededRandom): string {
  const chosen = resolveChoices(template, random);
  return chosen.replace(SLOT, (_all, name: string) => {
    const value = slots[name];
    // A template naming a slot the story lacks is a bug in the pools, not bad input.
    if (value === undefined) throw new Error(`template slot {${name}} has no value: ${template}`);
    return value;
  });
}

/** Resolves only the `[a|b]` choices; for pool values (rival names, places) chosen once a story. */
export function resolveChoices(text: string, random: SeededRandom): string {
  return text.replace(CHOICE, (_all, options: string) => random.pick(options.split("|")));
}
