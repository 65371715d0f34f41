import type { StoryBlueprint } from "../blueprint.js";
import type { SeededRandom } from "../seeded-random.js";
import { fillTemplate, type Slots } from "../template.js";
import { BEATS, type BeatId } from "../words/arc.js";

// Which beat of the arc a chapter tells, and where it happens.

/** The arc stretched or squeezed to a plan with another chapter count; the last stays last. */
export function beatsFor(arc: readonly BeatId[], count: number): BeatId[] {
  if (count === arc.length) return [...arc];
  if (count === 1) return ["finale"];
  return Array.from({ length: count }, (_, i) => {
    return arc[Math.round((i * (arc.length - 1)) / (count - 1))] as BeatId;
  });
}

export function placeOf(
  beat: BeatId,
  blueprint: StoryBlueprint,
  slots: Slots,
  random: SeededRandom,
) {
  const location = BEATS[beat].location;
  if (location === "home") return blueprint.home;
  if (location === "there") return blueprint.destination;
  return fillTemplate(random.pick(blueprint.primary.waypoints), slots, random);
}
