import type { GenreId } from "./genres.js";

// The offline illustrator's tables (illustrator.ts, scenery/): each genre's colour and favoured
// times of day, how light each time of day paints the sky and the land, and its words in alt text.

export type TimeOfDay = "dawn" | "day" | "dusk" | "night";

/** HSL lightness by time of day: the sky's top and bottom, then the far, middle and near land. */
export const LIGHTNESS: Record<
  TimeOfDay,
  { sky: [number, number]; land: [number, number, number] }
> = {
  night: { sky: [10, 26], land: [24, 16, 8] },
  dusk: { sky: [26, 62], land: [36, 25, 13] },
  dawn: { sky: [46, 76], land: [52, 38, 22] },
  day: { sky: [56, 84], land: [60, 44, 27] },
};

/** The base hue of each genre's palette; the story's hash shifts it, so stories differ. */
export const GENRE_HUES: Record<GenreId, number> = {
  fantasy: 265,
  scifi: 222,
  mystery: 205,
  horror: 160,
  romance: 335,
  adventure: 190,
  comedy: 45,
};

/** The times of day a genre's cover favours. */
export const GENRE_TIMES: Record<GenreId, readonly TimeOfDay[]> = {
  fantasy: ["night", "dusk"],
  scifi: ["night", "dusk"],
  mystery: ["night", "dusk"],
  horror: ["night", "dusk"],
  romance: ["dusk", "dawn"],
  adventure: ["day", "dawn"],
  comedy: ["day", "dawn"],
};

/** How the alt text names the time of day ("a dusky scene with …"). */
export const TIME_WORDS: Record<TimeOfDay, string> = {
  night: "a night-time",
  dusk: "a dusky",
  dawn: "a dawn",
  day: "a sunlit",
};
