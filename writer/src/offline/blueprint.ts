import type { StoryRequest } from "../contract.js";
import { detectGenres } from "./genres.js";
import { readOutline, type OutlineCharacter, type OutlineReading } from "./outline/read-outline.js";
import { createSeededRandom, hashString, type SeededRandom } from "./seeded-random.js";
import { resolveChoices, type Slots } from "./template.js";
import { possessive, tidySpaces } from "./text.js";
import { ARCS, type BeatId } from "./words/arc.js";
import type { GenreMaterial } from "./words/genres.js";
import { NAME_TITLES, PLAIN_ROLES } from "./words/names.js";
import { TONES, type ToneMaterial } from "./words/tones.js";

// The fixed facts of one story, decided once from the request: who is in it, where it starts and
// where it goes, what it turns on, its genre and tone, and which of the user's outline lines and
// keywords it must carry. The plan and every chapter are rendered from this, so they agree.

export interface CastMember {
  /** First mention: "Detective Ana Ruiz". */
  full: string;
  /** Every later mention: "Ana". */
  short: string;
  epithet: string | null;
}

export interface StoryBlueprint {
  seed: number;
  title: string;
  genres: readonly GenreMaterial[];
  primary: GenreMaterial;
  tone: ToneMaterial;
  hero: CastMember;
  ally: CastMember;
  rival: CastMember;
  /** Further named characters of the outline, each mentioned at least once. */
  companions: string[];
  home: string;
  destination: string;
  /** Further places and things of the outline, each mentioned at least once. */
  extraPlaces: string[];
  object: string;
  extraThings: string[];
  /** Outline lines to weave in, in outline order. */
  events: string[];
  keywords: string[];
  arc: readonly BeatId[];
}

/** At most this many outline lines per length, so a long outline cannot swamp a short story. */
const MAX_EVENTS = { short: 4, medium: 7, long: 10 } as const;
const MAX_KEYWORDS = 10;
const MAX_KEYWORD_WORDS = 8;
const MAX_EXTRA_PLACES = 3;
const MAX_EXTRA_THINGS = 2;

/**
 * The request as one string, field by field in a fixed order: the same request always hashes the
 * same, whatever order its object keys were built in.
 */
export function requestKey(request: StoryRequest): string {
  return JSON.stringify([
    request.title,
    request.outline,
    request.tags,
    request.themeKeywords,
    request.desiredLength,
    request.nastinessLevel,
  ]);
}

export function buildBlueprint(request: StoryRequest): StoryBlueprint {
  const seed = hashString(requestKey(request));
  const random = createSeededRandom(seed).fork("blueprint");
  const outline = readOutline(request.outline);
  const genres = detectGenres(request.tags, request.outline);
  const primary = genres[0] as GenreMaterial;
  const tone = TONES[request.nastinessLevel];
  const cast = castStory(outline, primary, tone, random);
  const places = choosePlaces(outline, primary, random);
  const object = outline.objects[0] ?? random.pick(primary.objects);
  return {
    seed,
    title: tidySpaces(request.title),
    genres,
    primary,
    tone,
    ...cast,
    ...places,
    object,
    extraThings: outline.objects.slice(1, 1 + MAX_EXTRA_THINGS),
    events: spreadPick(outline.events, MAX_EVENTS[request.desiredLength]),
    keywords: cleanKeywords(request.themeKeywords),
    arc: ARCS[request.desiredLength],
  };
}

/** The slots every template of this story may use. */
export function storySlots(blueprint: StoryBlueprint): Record<string, string> {
  const { hero, ally, rival } = blueprint;
  return {
    hero: hero.short,
    heroFull: hero.full,
    heroIntro: hero.epithet ? `${hero.full}, ${hero.epithet},` : hero.full,
    heroPoss: possessive(hero.short),
    ally: ally.short,
    allyPoss: possessive(ally.short),
    rival: rival.short,
    rivalPoss: possessive(rival.short),
    home: blueprint.home,
    there: blueprint.destination,
    object: blueprint.object,
  } satisfies Slots;
}

function castStory(
  outline: OutlineReading,
  genre: GenreMaterial,
  tone: ToneMaterial,
  random: SeededRandom,
): Pick<StoryBlueprint, "hero" | "ally" | "rival" | "companions"> {
  const friends = outline.characters.filter((character) => !character.isRival);
  const foes = outline.characters.filter((character) => character.isRival);
  const taken = new Set(outline.characters.map((character) => character.name));
  const roles = [...outline.roles];
  const hero = friends[0] ? fromOutline(friends[0]) : invent(genre.heroNames, roles, taken, random);
  const ally = friends[1] ? fromOutline(friends[1]) : invent(genre.allyNames, roles, taken, random);
  const rival = foes[0] ? fromOutline(foes[0]) : namedRival(genre, tone, random);
  return {
    hero,
    ally,
    rival,
    companions: friends.slice(2).map((friend) => shortName(friend.name)),
  };
}

function fromOutline(character: OutlineCharacter): CastMember {
  return { full: character.name, short: shortName(character.name), epithet: character.epithet };
}

/** Without a villain in the outline, the genre supplies one fit for the nastiness level. */
function namedRival(genre: GenreMaterial, tone: ToneMaterial, random: SeededRandom): CastMember {
  const name = resolveChoices(random.pick(genre.rivals[tone.level]), random);
  return { full: name, short: name, epithet: null };
}

/** A genre name not used by the outline; the outline's unnamed roles become its epithet. */
function invent(
  names: readonly string[],
  roles: string[],
  taken: Set<string>,
  random: SeededRandom,
): CastMember {
  const free = names.filter((name) => !taken.has(name) && !taken.has(shortName(name)));
  const name = random.pick(free.length > 0 ? free : names);
  taken.add(name);
  const role = roles.shift();
  return {
    full: name,
    short: shortName(name),
    epithet: role && !PLAIN_ROLES.test(role) ? role : null,
  };
}

/** The name people would use in running prose. */
export function shortName(name: string): string {
  const words = name.split(" ");
  if (words[0] === "the" || words.length === 1) return name;
  const titled = NAME_TITLES.has((words[0] as string).toLowerCase().replace(/\.$/, ""));
  if (titled) return words.length === 2 ? name : (words[1] as string);
  return words[0] as string;
}

function choosePlaces(
  outline: OutlineReading,
  genre: GenreMaterial,
  random: SeededRandom,
): Pick<StoryBlueprint, "home" | "destination" | "extraPlaces"> {
  const destination =
    outline.destinations[0] ??
    outline.places.find((place, i) => i > 0 && place !== outline.places[0]) ??
    random.pick(genre.destinations);
  const home = outline.places.find((place) => place !== destination) ?? random.pick(genre.homes);
  const extraPlaces = outline.places
    .filter((place) => place !== home && place !== destination)
    .slice(0, MAX_EXTRA_PLACES);
  return { home, destination, extraPlaces };
}

/** Up to `max` items spread evenly over the list, keeping the first and the last. */
function spreadPick<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  return Array.from({ length: max }, (_, i) => {
    return items[Math.round((i * (items.length - 1)) / (max - 1))] as T;
  });
}

function cleanKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const clean: string[] = [];
  for (const keyword of keywords) {
    const text = tidySpaces(keyword).split(" ").slice(0, MAX_KEYWORD_WORDS).join(" ");
    const key = text.toLowerCase();
    if (text === "" || seen.has(key)) continue;
    seen.add(key);
    clean.push(text);
  }
  return clean.slice(0, MAX_KEYWORDS);
}
