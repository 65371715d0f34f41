import { n, type Canvas, type Layer } from "./canvas.js";

// Painters of the sea: the waves and a ship on them.

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
