import { describe, expect, it } from "vitest";
import type { IllustrationSubject, StoryImage, StoryRequest } from "../contract.js";
import { createOfflineIllustrator, escapeXml } from "./illustrator.js";

const illustrator = createOfflineIllustrator();

const REQUEST: StoryRequest = {
  title: "The Cartographer's Brother",
  outline: "Mara travels to the Glass City to find her brother Tomas.",
  tags: ["fantasy"],
  themeKeywords: ["family"],
  desiredLength: "short",
  nastinessLevel: "medium",
};

function paragraphs(count: number, seed: string): string[] {
  return Array.from(
    { length: count },
    (_, i) => `${seed} paragraph ${i} of the chapter, with words.`,
  );
}

const CONTENT: IllustrationSubject = {
  title: REQUEST.title,
  description: "A fantasy tale.",
  chapters: [
    { title: "Morning in Ashmere", paragraphs: paragraphs(2, "a") },
    { title: "The Glass City", paragraphs: paragraphs(5, "b") },
    { title: "Homeward", paragraphs: paragraphs(3, "c") },
  ],
};

const svgOf = (image: StoryImage) => new TextDecoder().decode(image.bytes);

describe("offline illustrator", () => {
  it("is named honestly", () => {
    expect(illustrator.name).toBe("offline illustrator");
  });

  it("draws a cover and one picture per chapter, each after a valid paragraph", async () => {
    const images = await illustrator.illustrate(REQUEST, CONTENT, { albumArtOnly: false });
    expect(images).toHaveLength(4);
    const [cover, ...chapters] = images as [StoryImage, ...StoryImage[]];
    expect(cover).toMatchObject({ role: "cover", chapterIndex: null, paragraphIndex: null });
    expect(cover.caption).toBe(CONTENT.title);
    expect(cover.altText).toMatch(
      /^Cover art for “The Cartographer's Brother”: a .+ scene with .+\.$/,
    );
    expect(svgOf(cover)).toContain('viewBox="0 0 1200 800"');
    chapters.forEach((image, i) => {
      const chapter = CONTENT.chapters[i];
      expect(image.role).toBe("chapter");
      expect(image.chapterIndex).toBe(i);
      expect(image.paragraphIndex).toBe(Math.floor(((chapter?.paragraphs.length ?? 0) - 1) / 2));
      expect(image.caption).toBe(chapter?.title);
      expect(image.altText).toContain(`Illustration for chapter ${i + 1}, “${chapter?.title}”: a `);
      expect(svgOf(image)).toContain('viewBox="0 0 1200 675"');
    });
    for (const image of images) {
      expect(image.contentType).toBe("image/svg+xml");
      expect(image.bytes).toBeInstanceOf(Uint8Array);
    }
  });

  it("draws only the cover for album art", async () => {
    const images = await illustrator.illustrate(REQUEST, CONTENT, { albumArtOnly: true });
    expect(images.map((image) => image.role)).toEqual(["cover"]);
    expect(images[0]).toMatchObject({ chapterIndex: null, paragraphIndex: null });
  });

  it("skips a chapter with no paragraph to place a picture after", async () => {
    const content = {
      ...CONTENT,
      chapters: [...CONTENT.chapters, { title: "Empty", paragraphs: [] }],
    };
    const images = await illustrator.illustrate(REQUEST, content, { albumArtOnly: false });
    expect(images.map((image) => image.chapterIndex)).toEqual([null, 0, 1, 2]);
  });

  it("is deterministic for the same story and variant", async () => {
    const a = await illustrator.illustrate(REQUEST, CONTENT, { albumArtOnly: false, variant: 2 });
    const b = await createOfflineIllustrator().illustrate(REQUEST, structuredClone(CONTENT), {
      albumArtOnly: false,
      variant: 2,
    });
    expect(a.map(svgOf)).toEqual(b.map(svgOf));
    expect(a.map((image) => image.altText)).toEqual(b.map((image) => image.altText));
  });

  it("differs between stories, between chapters and between variants", async () => {
    const base = (await illustrator.illustrate(REQUEST, CONTENT, { albumArtOnly: false })).map(
      svgOf,
    );
    expect(new Set(base).size).toBe(base.length);
    const otherStory = {
      ...CONTENT,
      chapters: [{ title: "Elsewhere", paragraphs: paragraphs(3, "z") }],
    };
    const other = await illustrator.illustrate(REQUEST, otherStory, { albumArtOnly: true });
    expect(svgOf(other[0] as StoryImage)).not.toBe(base[0]);
    const variants = await Promise.all(
      [1, 2, 3].map((variant) =>
        illustrator.illustrate(REQUEST, CONTENT, { albumArtOnly: false, variant }),
      ),
    );
    for (const images of variants) {
      images.forEach((image, i) => expect(svgOf(image)).not.toBe(base[i]));
    }
    expect(new Set(variants.map((images) => svgOf(images[0] as StoryImage))).size).toBe(3);
  });

  it("paints every genre, at every nastiness, as well-formed, self-contained SVG", async () => {
    for (const tag of [
      "fantasy",
      "sci-fi",
      "mystery",
      "horror",
      "romance",
      "adventure",
      "comedy",
      "cats",
    ]) {
      for (const nastinessLevel of ["light", "medium", "heavy"] as const) {
        for (const variant of [0, 1, 2]) {
          const request = { ...REQUEST, tags: [tag], nastinessLevel };
          const images = await illustrator.illustrate(request, CONTENT, {
            albumArtOnly: false,
            variant,
          });
          for (const image of images) expectSafeSvg(svgOf(image));
        }
      }
    }
  });

  it("escapes the title on the cover and keeps the document well-formed", async () => {
    const title = `<script>alert("x")</script> & Tom's "Tale" \u0007 <foreignObject>`;
    const [cover] = await illustrator.illustrate(
      REQUEST,
      { ...CONTENT, title },
      { albumArtOnly: true },
    );
    const svg = svgOf(cover as StoryImage);
    expectSafeSvg(svg);
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(svg).toContain("&amp; Tom&apos;s");
    expect(svg).not.toContain("<script");
    expect(svg).not.toContain("\u0007");
    expect(cover?.caption).toBe(title);
  });

  it("draws no text into the cover: the page draws the title, which a rename then changes", async () => {
    const [cover] = await illustrator.illustrate(REQUEST, CONTENT, { albumArtOnly: true });
    const svg = svgOf(cover as StoryImage);
    expect(svg).not.toMatch(/<text[\s>]/);
    expect(svg).not.toContain("<tspan");
    // The title stays in the picture's accessible name only.
    expect(svg).toContain(`aria-label="Cover art for “The Cartographer&apos;s Brother”`);
  });

  it("rejects with the signal's reason when aborted", async () => {
    const reason = new Error("discarded");
    await expect(
      illustrator.illustrate(REQUEST, CONTENT, {
        albumArtOnly: false,
        signal: AbortSignal.abort(reason),
      }),
    ).rejects.toBe(reason);
  });

  it("escapeXml handles every special character", () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;",
    );
  });
});

/**
 * A small XML well-formedness check (no parser dependency in the api): tags balance and nest,
 * attributes are quoted and unique, text and attribute values hold no raw `<` or bare `&`; and the
 * SVG is self-contained: no scripts, foreign objects, links or event handlers.
 */
function expectSafeSvg(svg: string): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).not.toMatch(
    /<script|<foreignObject|<image|<use|\s[\w:]*href=|javascript:|\son\w+=|@import|url\((?!#)/i,
  );
  expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', "")).not.toMatch(/https?:/);
  const bareAmpersand = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i;
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/y;
  const stack: string[] = [];
  let at = 0;
  while (at < svg.length) {
    const open = svg.indexOf("<", at);
    const text = svg.slice(at, open === -1 ? svg.length : open);
    expect(text).not.toMatch(bareAmpersand);
    expect(text).not.toContain(">");
    if (open === -1) break;
    tag.lastIndex = open;
    const match = tag.exec(svg);
    expect(match, `malformed tag at ${open}: ${svg.slice(open, open + 80)}`).not.toBeNull();
    const [, closing, name, attributes = "", selfClosing] = match as RegExpExecArray;
    const names = [...attributes.matchAll(/([\w:.-]+)="([^"]*)"/g)].map(([, attr, value]) => {
      expect(value).not.toMatch(bareAmpersand);
      return attr;
    });
    expect(new Set(names).size, `duplicate attribute in <${name}>`).toBe(names.length);
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name as string);
    at = tag.lastIndex;
    if (stack.length === 0) expect(svg.slice(at)).toBe("");
  }
  expect(stack).toEqual([]);
}
