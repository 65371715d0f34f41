import type { NastinessLevel } from "@storyloom/common";
import type { Illustrator, IllustrationSubject, StoryImage, StoryRequest } from "../contract.js";
import { detectGenres } from "./genres.js";
import {
  balloons,
  birds,
  bunting,
  celestial,
  clouds,
  fog,
  hills,
  house,
  lanterns,
  makePalette,
  mountains,
  petals,
  ringedPlanet,
  sea,
  ship,
  skyline,
  sky,
  spires,
  stars,
  streetLamp,
  towers,
  trees,
  type Canvas,
  type Layer,
} from "./scenery/index.js";
import { createSeededRandom, hashString, mixSeeds, type SeededRandom } from "./seeded-random.js";
import { joinList } from "./text.js";
import type { GenreId } from "./words/genres.js";
import { GENRE_HUES, GENRE_TIMES, TIME_WORDS, type TimeOfDay } from "./words/scenery.js";

// The default illustrator: landscapes drawn as SVG from the story itself, no network. The same
// story gives the same pictures; another story, another chapter or another `variant` (the
// "regenerate images" button) gives different ones. No picture carries text: the page draws the
// title beside the cover, so a rename shows at once and a cropped thumbnail cuts no word (issue 29
// row 10); the title reaches the picture only through its escaped accessible name. Nothing in the
// documents refers outside them.

const COVER = { width: 1200, height: 800 };
const CHAPTER = { width: 1200, height: 675 };

export function createOfflineIllustrator(): Illustrator {
  return {
    name: "offline illustrator",
    async illustrate(request, content, options) {
      options.signal?.throwIfAborted();
      const seed = storySeed(content, options.variant ?? 0);
      const genre = detectGenres(request.tags, request.outline)[0]?.id ?? "adventure";
      const images = [cover(request, content, genre, seed)];
      if (!options.albumArtOnly) {
        content.chapters.forEach((chapter, i) => {
          options.signal?.throwIfAborted();
          const image = chapterPicture(request, content, i, genre, seed);
          if (image) images.push(image);
        });
      }
      return images;
    },
  };
}

/** Hash of everything the reader sees, mixed with the variant. */
function storySeed(content: IllustrationSubject, variant: number): number {
  const text = JSON.stringify([content.title, content.description, content.chapters]);
  return mixSeeds(hashString(text), variant);
}

function cover(
  request: StoryRequest,
  content: IllustrationSubject,
  genre: GenreId,
  seed: number,
): StoryImage {
  const random = createSeededRandom(mixSeeds(seed, 0));
  const time = random.pick(GENRE_TIMES[genre]);
  const picture = paint({ ...COVER, genre, time, random, nastiness: request.nastinessLevel, seed });
  const title = content.title.trim() || "Untitled";
  const altText = `Cover art for “${title}”: ${picture.description}.`;
  const svg = document(COVER, altText, picture.defs, picture.body);
  return image("cover", null, null, altText, title, svg);
}

function chapterPicture(
  request: StoryRequest,
  content: IllustrationSubject,
  index: number,
  genre: GenreId,
  seed: number,
): StoryImage | null {
  const chapter = content.chapters[index];
  // A picture sits after a paragraph; a chapter without one has nowhere to put it.
  if (!chapter || chapter.paragraphs.length === 0) return null;
  const random = createSeededRandom(mixSeeds(seed, index + 1));
  const time = chapterTime(index, content.chapters.length, genre, random);
  const picture = paint({
    ...CHAPTER,
    genre,
    time,
    random,
    nastiness: request.nastinessLevel,
    seed,
  });
  const altText = `Illustration for chapter ${index + 1}, “${chapter.title}”: ${picture.description}.`;
  const svg = document(CHAPTER, altText, picture.defs, picture.body);
  const paragraphIndex = Math.floor((chapter.paragraphs.length - 1) / 2);
  return image("chapter", index, paragraphIndex, altText, clip(chapter.title, 80), svg);
}

/** The day passes as the story does: dawn at the start, night at the end, with some surprises. */
function chapterTime(
  index: number,
  count: number,
  genre: GenreId,
  random: SeededRandom,
): TimeOfDay {
  if (random.chance(0.35)) return random.pick(GENRE_TIMES[genre]);
  const position = count <= 1 ? 0.5 : index / (count - 1);
  if (position < 0.2) return "dawn";
  if (position < 0.5) return "day";
  if (position < 0.8) return "dusk";
  return "night";
}

function image(
  role: StoryImage["role"],
  chapterIndex: number | null,
  paragraphIndex: number | null,
  altText: string,
  caption: string,
  svg: string,
): StoryImage {
  return {
    role,
    chapterIndex,
    paragraphIndex,
    altText,
    caption,
    contentType: "image/svg+xml",
    bytes: new TextEncoder().encode(svg),
  };
}

interface PaintInput {
  width: number;
  height: number;
  genre: GenreId;
  time: TimeOfDay;
  nastiness: NastinessLevel;
  random: SeededRandom;
  seed: number;
}

interface Painted {
  defs: string;
  body: string;
  description: string;
  uid: string;
}

function paint(input: PaintInput): Painted {
  const { random } = input;
  const storyShift = createSeededRandom(input.seed).between(-28, 28);
  const hue = GENRE_HUES[input.genre] + storyShift + random.between(-12, 12);
  const canvas: Canvas = {
    width: input.width,
    height: input.height,
    horizon: input.height * random.between(0.55, 0.66),
    random,
    palette: makePalette(hue, input.time, input.nastiness),
    uid: `sl${random.int(0, 0xffffff).toString(16).padStart(6, "0")}`,
  };
  const layers = SCENES[input.genre](canvas);
  const phrases = [...new Set(layers.map((layer) => layer.phrase).filter((p): p is string => !!p))];
  return {
    defs: layers.map((layer) => layer.defs ?? "").join(""),
    body: layers.map((layer) => layer.body).join(""),
    description: `${TIME_WORDS[input.time]} scene with ${joinList(phrases)}`,
    uid: canvas.uid,
  };
}

/** The darkest strip at the bottom, without a phrase of its own. */
function ground(c: Canvas): Layer {
  return { body: hills(c, c.height - c.random.between(20, 60), 40, c.palette.near).body };
}

/** Sometimes clouds or birds, so two pictures of one genre differ in more than colour. */
function extras(c: Canvas): Layer[] {
  const layers: Layer[] = [];
  if (c.random.chance(0.5)) layers.push(clouds(c, c.random.int(2, 4)));
  if ((c.palette.time === "day" || c.palette.time === "dawn") && c.random.chance(0.5))
    layers.push(birds(c));
  return layers;
}

type Scene = (c: Canvas) => Layer[];

const SCENES: Record<GenreId, Scene> = {
  fantasy: (c) => [
    sky(c),
    stars(c, 90),
    celestial(c),
    ...extras(c),
    mountains(c, c.horizon - 30, 190, c.palette.far),
    towers(c, c.horizon + 20, c.palette.mid),
    hills(c, c.horizon + 60, 50, c.palette.mid),
    trees(c, c.horizon + 150, c.palette.near, "pine"),
    ground(c),
  ],
  scifi: (c) => [
    sky(c),
    stars(c, 140),
    ringedPlanet(c),
    celestial(c, 0.5),
    mountains(c, c.horizon + 10, 120, c.palette.far),
    spires(c, c.horizon + 60, c.palette.mid),
    skyline(c, c.horizon + 110, 90, c.palette.near, 0.25),
    ground(c),
  ],
  mystery: (c) => [
    sky(c),
    stars(c, 40),
    celestial(c),
    ...extras(c),
    skyline(c, c.horizon + 10, 260, c.palette.far, 0.08),
    skyline(c, c.horizon + 90, 200, c.palette.mid, 0.3),
    fog(c, c.horizon),
    streetLamp(c, c.height - 40, c.palette.near),
    ground(c),
  ],
  horror: (c) => [
    sky(c),
    stars(c, 60),
    celestial(c, 1.5),
    hills(c, c.horizon, 90, c.palette.far),
    house(c, c.horizon + 40, c.palette.mid),
    trees(c, c.horizon + 120, c.palette.near, "bare"),
    fog(c, c.horizon + 20),
    ground(c),
  ],
  romance: (c) => [
    sky(c),
    stars(c, 50),
    celestial(c),
    ...extras(c),
    hills(c, c.horizon, 80, c.palette.far),
    sea(c, c.horizon + 40, c.palette.far, c.palette.mid),
    lanterns(c, c.height * c.random.between(0.12, 0.3)),
    trees(c, c.height - 60, c.palette.near, "round"),
    petals(c, c.random.int(14, 30)),
    ground(c),
  ],
  adventure: (c) => [
    sky(c),
    stars(c, 80),
    celestial(c),
    ...extras(c),
    mountains(c, c.horizon, 160, c.palette.far),
    sea(c, c.horizon, c.palette.mid, c.palette.near),
    ship(c, c.horizon + 70, c.palette.near),
    ground(c),
  ],
  comedy: (c) => [
    sky(c),
    stars(c, 40),
    celestial(c, 1.2),
    clouds(c, c.random.int(2, 4)),
    bunting(c, c.height * c.random.between(0.06, 0.16)),
    balloons(c),
    hills(c, c.horizon, 70, c.palette.far),
    hills(c, c.horizon + 90, 50, c.palette.mid),
    trees(c, c.horizon + 140, c.palette.near, "round"),
    ground(c),
  ],
};

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

function document(
  size: { width: number; height: number },
  label: string,
  defs: string,
  body: string,
) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size.width} ${size.height}" ` +
    `width="${size.width}" height="${size.height}" role="img" aria-label="${escapeXml(label)}">` +
    `<title>${escapeXml(label)}</title><defs>${defs}</defs>${body}</svg>`
  );
}

/**
 * Escapes text for XML content and attributes, and drops the control characters XML 1.0 cannot
 * hold at all (a title with one would otherwise make the whole picture unreadable).
 */
export function escapeXml(text: string): string {
  return [...text]
    .filter(isXmlChar)
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function isXmlChar(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  return code !== 0xfffe && code !== 0xffff;
}
