import { n, type Canvas, type Layer } from "./canvas.js";

// Painters of the land: mountains, hills, trees and fog.

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
