import { hsl, n, type Canvas, type Layer } from "./canvas.js";

// Painters of the sky: its gradient, stars, the sun or moon, a planet, clouds, birds and balloons.

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
