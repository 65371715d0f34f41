import type { NastinessLevel } from "@storyloom/common";
import type { SeededRandom } from "./seeded-random.js";
import { LIGHTNESS, type TimeOfDay } from "./words/scenery.js";

// Painters for the offline illustrator: each draws one layer of a landscape as SVG markup and
// says in a few words what it drew, so the alt text describes the actual picture. All shapes are
// plain paths, circles and gradients defined inside the document; nothing is fetched.

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
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export function sky(c: Canvas): Layer {
  const id = `${c.uid}-sky`;
  return {
    defs:
      `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="${c.palette.skyTop}"/>` +
      `<stop offset="1" stop-color="${c.palette.skyBottom}"/></linearGradient>`,
    body: `<rect width="${c.width}" height="${c.height}" fill="url(#${id})"/>`,
  };
}

export function stars(c: Canvas, count: number): Layer {
  if (c.palette.time === "day" || c.palette.time === "dawn") return { body: "" };
  const visible = c.palette.time === "dusk" ? Math.round(count / 3) : count;
  const dots = Array.from({ length: visible }, () => {
    const x = c.random.between(0, c.width);
    const y = c.random.between(0, c.horizon * 0.85);
    const r = c.random.between(0.6, 2.2);
    const opacity = c.random.between(0.35, 0.95);
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" opacity="${n(opacity)}"/>`;
  });
  return {
    body: `<g fill="#ffffff">${dots.join("")}</g>`,
    phrase: visible > 40 ? "a sky full of stars" : "the first stars",
  };
}

/** The sun by day and dawn, the moon (full or crescent) by dusk and night, with a soft glow. */
export function celestial(c: Canvas, scale = 1): Layer {
  const isSun = c.palette.time === "day" || c.palette.time === "dawn";
  const r = c.random.between(38, 70) * scale;
  const cx = c.random.between(c.width * 0.15, c.width * 0.85);
  const cy =
    isSun && c.palette.time === "dawn"
      ? c.horizon - r * 0.6
      : c.random.between(c.height * 0.14, c.horizon * 0.55);
  const colour = isSun ? c.palette.accent : c.palette.moon;
  const glowId = `${c.uid}-glow`;
  const glow =
    `<radialGradient id="${glowId}"><stop offset="0" stop-color="${colour}" stop-opacity="0.55"/>` +
    `<stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
  const halo = `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 3.2)}" fill="url(#${glowId})"/>`;
  if (isSun || c.random.chance(0.45)) {
    const phrase = isSun
      ? c.palette.time === "dawn"
        ? "a rising sun"
        : "a bright sun"
      : "a full moon";
    return {
      defs: glow,
      body: `${halo}<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${colour}"/>`,
      phrase,
    };
  }
  const maskId = `${c.uid}-crescent`;
  const mask =
    `<mask id="${maskId}"><rect width="${c.width}" height="${c.height}" fill="#ffffff"/>` +
    `<circle cx="${n(cx + r * 0.45)}" cy="${n(cy - r * 0.2)}" r="${n(r * 0.9)}" fill="#000000"/></mask>`;
  return {
    defs: glow + mask,
    body: `${halo}<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${colour}" mask="url(#${maskId})"/>`,
    phrase: "a crescent moon",
  };
}

export function ringedPlanet(c: Canvas): Layer {
  const r = c.random.between(60, 120);
  const cx = c.random.between(c.width * 0.2, c.width * 0.8);
  const cy = c.random.between(c.height * 0.15, c.horizon * 0.45);
  const tilt = c.random.between(-25, 25);
  const id = `${c.uid}-planet`;
  const hue = c.random.between(0, 360);
  return {
    defs:
      `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${hsl(hue, 55, 72)}"/><stop offset="1" stop-color="${hsl(hue + 40, 45, 30)}"/>` +
      `</linearGradient>`,
    body:
      `<g transform="rotate(${n(tilt)} ${n(cx)} ${n(cy)})">` +
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#${id})"/>` +
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r * 1.9)}" ry="${n(r * 0.38)}" fill="none" ` +
      `stroke="${hsl(hue + 20, 40, 80)}" stroke-width="${n(r * 0.1)}" opacity="0.8"/></g>`,
    phrase: "a ringed planet",
  };
}

export function clouds(c: Canvas, count: number): Layer {
  const opacity = c.palette.time === "night" ? 0.12 : c.palette.time === "dusk" ? 0.35 : 0.7;
  const shapes = Array.from({ length: count }, () => {
    const x = c.random.between(0, c.width);
    const y = c.random.between(c.height * 0.08, c.horizon * 0.6);
    const size = c.random.between(40, 90);
    const puffs = Array.from({ length: c.random.int(3, 5) }, (_, i) => {
      const px = x + (i - 2) * size * 0.7 + c.random.between(-10, 10);
      const py = y + c.random.between(-size * 0.3, size * 0.1);
      return `<ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(size * c.random.between(0.7, 1.1))}" ry="${n(size * 0.45)}"/>`;
    });
    return puffs.join("");
  });
  return {
    body: `<g fill="#ffffff" opacity="${n(opacity)}">${shapes.join("")}</g>`,
    phrase: "drifting clouds",
  };
}

/** A jagged ridge: the far mountains of fantasy and adventure. */
export function mountains(c: Canvas, base: number, height: number, colour: string): Layer {
  const points: string[] = [`0,${n(c.height)}`, `0,${n(base)}`];
  for (let x = 0; x < c.width;) {
    x += c.random.between(50, 140);
    const peak = c.random.chance(0.5);
    const y =
      base - (peak ? c.random.between(height * 0.55, height) : c.random.between(0, height * 0.4));
    points.push(`${n(Math.min(x, c.width))},${n(y)}`);
  }
  points.push(`${c.width},${n(c.height)}`);
  return {
    body: `<polygon points="${points.join(" ")}" fill="${colour}"/>`,
    phrase: "jagged mountains",
  };
}

/** Smooth hills through random points, joined by quadratic curves at their midpoints. */
export function hills(
  c: Canvas,
  base: number,
  height: number,
  colour: string,
  phrase = "rolling hills",
): Layer {
  const pts: [number, number][] = [];
  for (let x = -100; x <= c.width + 200; x += c.random.between(160, 320)) {
    pts.push([x, base - c.random.between(0, height)]);
  }
  let d = `M-100,${n(c.height)} L${n(pts[0]?.[0] ?? 0)},${n(pts[0]?.[1] ?? base)}`;
  for (let i = 1; i < pts.length; i += 1) {
    const [px, py] = pts[i - 1] as [number, number];
    const [x, y] = pts[i] as [number, number];
    d += ` Q${n(px)},${n(py)} ${n((px + x) / 2)},${n((py + y) / 2)}`;
  }
  d += ` L${n(c.width + 200)},${n(c.height)} Z`;
  return { body: `<path d="${d}" fill="${colour}"/>`, phrase };
}

/** Blocks of buildings with a few lit windows. */
export function skyline(
  c: Canvas,
  base: number,
  maxHeight: number,
  colour: string,
  lit: number,
): Layer {
  const blocks: string[] = [];
  const windows: string[] = [];
  for (let x = c.random.between(-40, 0); x < c.width;) {
    const w = c.random.between(40, 120);
    const h = c.random.between(maxHeight * 0.3, maxHeight);
    blocks.push(
      `<rect x="${n(x)}" y="${n(base - h)}" width="${n(w + 1)}" height="${n(c.height - base + h)}"/>`,
    );
    for (let wy = base - h + 14; wy < base - 10; wy += 22) {
      for (let wx = x + 8; wx < x + w - 12; wx += 18) {
        if (c.random.chance(lit))
          windows.push(`<rect x="${n(wx)}" y="${n(wy)}" width="7" height="10"/>`);
      }
    }
    x += w + c.random.between(0, 12);
  }
  return {
    body: `<g fill="${colour}">${blocks.join("")}</g><g fill="${c.palette.accent}" opacity="0.85">${windows.join("")}</g>`,
    phrase: lit > 0 ? "a skyline of lit windows" : "a distant skyline",
  };
}

/** Castle towers with pointed roofs and pennants. */
export function towers(c: Canvas, base: number, colour: string): Layer {
  const count = c.random.int(2, 4);
  const cx = c.random.between(c.width * 0.25, c.width * 0.75);
  const parts: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const w = c.random.between(34, 60);
    const h = c.random.between(120, 260);
    const x = cx + (i - count / 2) * w * 1.3 + c.random.between(-10, 10);
    const top = base - h;
    parts.push(`<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h + 40)}"/>`);
    parts.push(
      `<polygon points="${n(x - 6)},${n(top)} ${n(x + w / 2)},${n(top - w * 1.3)} ${n(x + w + 6)},${n(top)}"/>`,
    );
    const windowY = top + c.random.between(20, 60);
    parts.push(
      `<rect x="${n(x + w / 2 - 4)}" y="${n(windowY)}" width="8" height="14" fill="${c.palette.accent}"/>`,
    );
  }
  parts.push(
    `<rect x="${n(cx - count * 40)}" y="${n(base - 70)}" width="${n(count * 80)}" height="110"/>`,
  );
  return { body: `<g fill="${colour}">${parts.join("")}</g>`, phrase: "castle towers" };
}

/** Slender futuristic spires with glowing tips. */
export function spires(c: Canvas, base: number, colour: string): Layer {
  const parts: string[] = [];
  const tips: string[] = [];
  const count = c.random.int(5, 9);
  for (let i = 0; i < count; i += 1) {
    const x = c.random.between(0, c.width);
    const w = c.random.between(14, 40);
    const h = c.random.between(160, 380);
    parts.push(
      `<polygon points="${n(x - w)},${n(base + 40)} ${n(x)},${n(base - h)} ${n(x + w)},${n(base + 40)}"/>`,
    );
    tips.push(`<circle cx="${n(x)}" cy="${n(base - h)}" r="4"/>`);
  }
  return {
    body: `<g fill="${colour}">${parts.join("")}</g><g fill="${c.palette.accent}">${tips.join("")}</g>`,
    phrase: "slender spires",
  };
}

export function trees(
  c: Canvas,
  base: number,
  colour: string,
  kind: "pine" | "bare" | "round",
): Layer {
  const count = c.random.int(4, 9);
  const parts = Array.from({ length: count }, () => {
    const x = c.random.between(0, c.width);
    const h = c.random.between(70, 160);
    const y = base + c.random.between(-10, 30);
    if (kind === "pine") {
      return `<polygon points="${n(x - h * 0.28)},${n(y)} ${n(x)},${n(y - h)} ${n(x + h * 0.28)},${n(y)}"/>`;
    }
    if (kind === "round") {
      return (
        `<rect x="${n(x - 4)}" y="${n(y - h * 0.5)}" width="8" height="${n(h * 0.5)}"/>` +
        `<circle cx="${n(x)}" cy="${n(y - h * 0.6)}" r="${n(h * 0.3)}"/>`
      );
    }
    const branch = (dx: number, dy: number) => `M${n(x)},${n(y - h * 0.55)} l${n(dx)},${n(dy)}`;
    return (
      `<path d="M${n(x)},${n(y)} L${n(x)},${n(y - h)} ${branch(-h * 0.3, -h * 0.3)} ` +
      `${branch(h * 0.35, -h * 0.25)} M${n(x)},${n(y - h * 0.8)} l${n(h * 0.2)},${n(-h * 0.2)}" ` +
      `stroke="${colour}" stroke-width="5" fill="none" stroke-linecap="round"/>`
    );
  });
  const phrase =
    kind === "pine"
      ? "dark pines"
      : kind === "round"
        ? "round-topped trees"
        : "bare, crooked trees";
  return { body: `<g fill="${colour}">${parts.join("")}</g>`, phrase };
}

/** A lone crooked house with one lit window. */
export function house(c: Canvas, base: number, colour: string): Layer {
  const x = c.random.between(c.width * 0.2, c.width * 0.7);
  const w = c.random.between(150, 220);
  const h = c.random.between(110, 160);
  const lean = c.random.between(-14, 14);
  const top = base - h;
  return {
    body:
      `<g fill="${colour}"><polygon points="${n(x)},${n(base + 20)} ${n(x)},${n(top)} ${n(x + w / 2 + lean)},${n(top - h * 0.6)} ` +
      `${n(x + w)},${n(top)} ${n(x + w)},${n(base + 20)}"/>` +
      `<rect x="${n(x + w * 0.7)}" y="${n(top - h * 0.5)}" width="16" height="${n(h * 0.4)}"/></g>` +
      `<rect x="${n(x + w * 0.3)}" y="${n(top + h * 0.3)}" width="22" height="28" fill="${c.palette.accent}"/>`,
    phrase: "a lonely house with one lit window",
  };
}

/** Layered waves from the horizon down, each band darker. */
export function sea(c: Canvas, top: number, colour: string, deep: string): Layer {
  const id = `${c.uid}-sea`;
  const bands: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    const y = top + 30 + i * ((c.height - top) / 4);
    const amp = 6 + i * 4;
    const len = c.random.between(90, 160);
    let d = `M0,${n(y)}`;
    for (let x = 0; x <= c.width; x += len) {
      d += ` q${n(len / 4)},${n(-amp)} ${n(len / 2)},0 t${n(len / 2)},0`;
    }
    bands.push(
      `<path d="${d}" fill="none" stroke="#ffffff" stroke-width="2" opacity="${n(0.12 + i * 0.06)}"/>`,
    );
  }
  return {
    defs:
      `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${deep}"/></linearGradient>`,
    body: `<rect x="0" y="${n(top)}" width="${c.width}" height="${n(c.height - top)}" fill="url(#${id})"/>${bands.join("")}`,
    phrase: "a rolling sea",
  };
}

export function ship(c: Canvas, waterline: number, colour: string): Layer {
  const x = c.random.between(c.width * 0.15, c.width * 0.75);
  const s = c.random.between(0.7, 1.2);
  const hull = `${n(x)},${n(waterline)} ${n(x + 160 * s)},${n(waterline)} ${n(x + 135 * s)},${n(waterline + 26 * s)} ${n(x + 22 * s)},${n(waterline + 26 * s)}`;
  const sail = (mx: number, h: number) =>
    `<polygon points="${n(x + mx * s)},${n(waterline - 6)} ${n(x + mx * s)},${n(waterline - h * s)} ${n(x + (mx + 45) * s)},${n(waterline - 10)}" opacity="0.92"/>`;
  return {
    body: `<g fill="${colour}"><polygon points="${hull}"/>${sail(50, 120)}${sail(100, 90)}</g>`,
    phrase: "a sailing ship",
  };
}

export function fog(c: Canvas, from: number): Layer {
  const id = `${c.uid}-fog`;
  const bands = Array.from({ length: c.random.int(2, 4) }, () => {
    const y = c.random.between(from, c.height * 0.92);
    const h = c.random.between(30, 70);
    return `<rect x="-50" y="${n(y)}" width="${c.width + 100}" height="${n(h)}" rx="${n(h / 2)}" fill="url(#${id})"/>`;
  });
  return {
    defs:
      `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">` +
      `<stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.22"/>` +
      `<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`,
    body: bands.join(""),
    phrase: "drifting fog",
  };
}

export function streetLamp(c: Canvas, base: number, colour: string): Layer {
  const x = c.random.between(c.width * 0.1, c.width * 0.9);
  const id = `${c.uid}-lamp`;
  return {
    defs:
      `<radialGradient id="${id}"><stop offset="0" stop-color="${c.palette.accent}" stop-opacity="0.7"/>` +
      `<stop offset="1" stop-color="${c.palette.accent}" stop-opacity="0"/></radialGradient>`,
    body:
      `<circle cx="${n(x)}" cy="${n(base - 190)}" r="90" fill="url(#${id})"/>` +
      `<rect x="${n(x - 4)}" y="${n(base - 190)}" width="8" height="200" fill="${colour}"/>` +
      `<rect x="${n(x - 12)}" y="${n(base - 205)}" width="24" height="22" rx="4" fill="${c.palette.accent}"/>`,
    phrase: "a glowing street lamp",
  };
}

/** A string of lanterns sagging between the edges of the picture. */
export function lanterns(c: Canvas, y: number): Layer {
  const sag = c.random.between(40, 110);
  const lights: string[] = [];
  for (let i = 1; i < 16; i += 1) {
    const t = i / 16;
    const ly = y + sag * 4 * t * (1 - t);
    lights.push(
      `<circle cx="${n(t * c.width)}" cy="${n(ly + 6)}" r="${n(c.random.between(4, 7))}"/>`,
    );
  }
  return {
    body:
      `<path d="M0,${n(y)} Q${n(c.width / 2)},${n(y + sag * 2)} ${c.width},${n(y)}" stroke="#000000" stroke-opacity="0.35" stroke-width="2" fill="none"/>` +
      `<g fill="${c.palette.accent}">${lights.join("")}</g>`,
    phrase: "a string of little lights",
  };
}

export function petals(c: Canvas, count: number): Layer {
  const parts = Array.from({ length: count }, () => {
    const x = c.random.between(0, c.width);
    const y = c.random.between(0, c.height);
    const angle = c.random.between(0, 180);
    return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="7" ry="3.5" transform="rotate(${n(angle)} ${n(x)} ${n(y)})"/>`;
  });
  return {
    body: `<g fill="${hsl(345, 80, 84)}" opacity="0.85">${parts.join("")}</g>`,
    phrase: "drifting petals",
  };
}

export function balloons(c: Canvas): Layer {
  const parts = Array.from({ length: c.random.int(3, 6) }, () => {
    const x = c.random.between(c.width * 0.05, c.width * 0.95);
    const y = c.random.between(c.height * 0.1, c.horizon * 0.7);
    const colour = hsl(c.random.between(0, 360), 80, 60);
    return (
      `<path d="M${n(x)},${n(y + 36)} q-10,40 4,80" stroke="#ffffff" stroke-width="1.5" fill="none" opacity="0.7"/>` +
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="28" ry="36" fill="${colour}"/>`
    );
  });
  return { body: parts.join(""), phrase: "bright balloons" };
}

export function bunting(c: Canvas, y: number): Layer {
  const flags: string[] = [];
  const step = c.width / 18;
  for (let i = 0; i < 18; i += 1) {
    const x = i * step;
    const colour = hsl((i * 67) % 360, 80, 58);
    flags.push(
      `<polygon points="${n(x)},${n(y)} ${n(x + step)},${n(y)} ${n(x + step / 2)},${n(y + 36)}" fill="${colour}"/>`,
    );
  }
  return { body: `<g>${flags.join("")}</g>`, phrase: "festive bunting" };
}

export function birds(c: Canvas): Layer {
  const parts = Array.from({ length: c.random.int(3, 7) }, () => {
    const x = c.random.between(c.width * 0.1, c.width * 0.9);
    const y = c.random.between(c.height * 0.1, c.horizon * 0.5);
    const s = c.random.between(8, 16);
    return `<path d="M${n(x - s)},${n(y)} q${n(s / 2)},${n(-s / 2)} ${n(s)},0 q${n(s / 2)},${n(-s / 2)} ${n(s)},0"/>`;
  });
  return {
    body: `<g fill="none" stroke="${c.palette.near}" stroke-width="2.5" stroke-linecap="round">${parts.join("")}</g>`,
    phrase: "a few birds",
  };
}
