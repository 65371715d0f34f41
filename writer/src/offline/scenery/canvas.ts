import type { NastinessLevel } from "@storyloom/common";
import type { SeededRandom } from "../seeded-random.js";
import { LIGHTNESS, type TimeOfDay } from "../words/scenery.js";

// What every painter of the offline illustrator draws on: the canvas with its seeded randomness,
// the palette of the picture, and the layer a painter returns. Painters draw one layer of a
// landscape as SVG markup and say in a few words what they drew, so the alt text describes the
// actual picture. All shapes are plain paths, circles and gradients defined inside the document;
// nothing is fetched.

export interface Palette {
  skyTop: string;
  skyBottom: string;
  /** Landscape layers from far (pale) to near (dark). */
  far: string;
  mid: string;
  near: string;
  /** Lit windows, sun, lanterns. */
  accent: string;
  moon: string;
  /** Night and dusk skies show stars and the moon; day and dawn the sun. */
  time: TimeOfDay;
}

export interface Canvas {
  width: number;
  height: number;
  /** Where the land meets the sky. */
  horizon: number;
  random: SeededRandom;
  palette: Palette;
  /** Prefix for ids, unique per picture, so two pictures inlined in one page never clash. */
  uid: string;
}

export interface Layer {
  defs?: string;
  body: string;
  /** "castle towers", "a crescent moon": joined into the alt text. */
  phrase?: string;
}

/** A palette around a base hue; heavy stories are darker and greyer, light ones brighter. */
export function makePalette(hue: number, time: TimeOfDay, nastiness: NastinessLevel): Palette {
  const shade = nastiness === "heavy" ? 0.72 : nastiness === "light" ? 1.08 : 1;
  const mute = nastiness === "heavy" ? 0.65 : 1;
  const { sky, land } = LIGHTNESS[time];
  const light = (value: number) => Math.min(92, value * shade);
  const horizonHue = time === "dusk" ? 25 : time === "dawn" ? 30 : hue + 25;
  const horizonSat = time === "dusk" || time === "dawn" ? 75 : 45;
  return {
    skyTop: hsl(hue, 48 * mute, light(sky[0])),
    skyBottom: hsl(horizonHue, horizonSat * mute, light(sky[1])),
    far: hsl(hue + 20, 30 * mute, light(land[0])),
    mid: hsl(hue + 35, 28 * mute, light(land[1])),
    near: hsl(hue + 50, 26 * mute, light(land[2])),
    accent: hsl(time === "night" ? 46 : 32, 90 * mute, 70),
    moon: hsl(50, 35, 90),
    time,
  };
}

/** HSL to #rrggbb: hex colours work in every SVG renderer. */
export function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.max(0, Math.min(100, saturation)) / 100;
  const l = Math.max(0, Math.min(100, lightness)) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    const value =
      t < 1 / 6
        ? p + (q - p) * 6 * t
        : t < 1 / 2
          ? q
          : t < 2 / 3
            ? p + (q - p) * (2 / 3 - t) * 6
            : p;
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

/** Short numbers keep the documents small and byte-stable. */
export function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}
