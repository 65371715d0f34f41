import { n, type Canvas, type Layer } from "./canvas.js";

// Painters of buildings: a skyline, castle towers, spires, a lone house and a street lamp.

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
