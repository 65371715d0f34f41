import { hsl, n, type Canvas, type Layer } from "./canvas.js";

// Painters of festive touches: lanterns, petals and bunting.

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
