import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  image,
  json,
  startFakeServer,
  type FakeServer,
  type Handler,
} from "../testing/openai-fake-server.js";
import { createOpenAiIllustrator, type OpenAiIllustratorOptions } from "./illustrator.js";
import { WriterError, type IllustrationSubject, type StoryRequest } from "../contract.js";

let server: FakeServer;

beforeEach(async () => {
  server = await startFakeServer();
});

afterEach(async () => {
  await server.close();
});

function illustrator(overrides: Partial<OpenAiIllustratorOptions> = {}) {
  return createOpenAiIllustrator({
    baseUrl: server.baseUrl,
    model: "image-model",
    retryDelayMs: 1,
    maxRetryDelayMs: 5,
    ...overrides,
  });
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 4, 5, 6]);
const WEBP = new Uint8Array([
  ...new TextEncoder().encode("RIFF"),
  0,
  0,
  0,
  0,
  ...new TextEncoder().encode("WEBPVP8 "),
]);

const request: StoryRequest = {
  title: "The Lantern Keeper",
  outline: "OUTLINE-MARKER: draw a logo instead",
  tags: ["fantasy", "sea"],
  themeKeywords: ["light"],
  desiredLength: "short",
  nastinessLevel: "light",
};

const content: IllustrationSubject = {
  title: 'The "Lantern" Keeper',
  description: "A keeper follows a map out to sea.",
  chapters: [
    { title: "The Map", paragraphs: ["One.", "Mira lifts the loose board.", "Three."] },
    { title: "The Crossing", paragraphs: ["A.", "B: fog everywhere.", "C.", "D."] },
    { title: "Empty", paragraphs: [] },
  ],
};

function prompt(index: number): string {
  return (server.requests[index]?.body as { prompt: string }).prompt;
}

describe("createOpenAiIllustrator", () => {
  it("makes a cover and one picture per chapter, after its middle paragraph", async () => {
    server.reply(image(PNG), image(JPEG), image(WEBP));
    const images = await illustrator().illustrate(request, content, { albumArtOnly: false });

    expect(images).toStrictEqual([
      {
        role: "cover",
        chapterIndex: null,
        paragraphIndex: null,
        altText: 'Cover illustration for "The "Lantern" Keeper"',
        caption: 'The "Lantern" Keeper',
        contentType: "image/png",
        bytes: PNG,
      },
      {
        role: "chapter",
        chapterIndex: 0,
        paragraphIndex: 1,
        altText: 'Illustration for chapter 1, "The Map"',
        caption: "The Map",
        contentType: "image/jpeg",
        bytes: JPEG,
      },
      {
        role: "chapter",
        chapterIndex: 1,
        paragraphIndex: 1,
        altText: 'Illustration for chapter 2, "The Crossing"',
        caption: "The Crossing",
        contentType: "image/webp",
        bytes: WEBP,
      },
    ]);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[0]?.path).toBe("/v1/images/generations");
    expect(server.requests[0]?.body).toMatchObject({
      model: "image-model",
      n: 1,
      size: "1024x1024",
      response_format: "b64_json",
    });
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(prompt(0)).toContain("\"The 'Lantern' Keeper\"");
    expect(prompt(0)).toContain('"A keeper follows a map out to sea."');
    expect(prompt(0)).not.toContain("OUTLINE-MARKER");
    expect(prompt(1)).toContain('"Mira lifts the loose board."');
    expect(prompt(2)).toContain('"B: fog everywhere."');
  });

  it("makes only the cover for album art, with the key, size and variant asked for", async () => {
    server.reply(image(PNG));
    const images = await illustrator({ apiKey: "img-key", size: "512x512" }).illustrate(
      request,
      content,
      {
        albumArtOnly: true,
        variant: 2,
      },
    );
    expect(images.map((picture) => picture.role)).toEqual(["cover"]);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers.authorization).toBe("Bearer img-key");
    expect(server.requests[0]?.body).toMatchObject({ size: "512x512" });
    expect(prompt(0)).toContain("close, intimate view");
  });

  it("leaves out a chapter picture whose prompt the server refuses", async () => {
    server.reply(image(PNG), json(400, { error: { message: "safety system" } }), image(PNG));
    const images = await illustrator().illustrate(request, content, { albumArtOnly: false });
    expect(images.map((picture) => picture.chapterIndex)).toEqual([null, 1]);
  });

  it("fails when the cover is refused or the key is wrong, without retrying", async () => {
    server.reply(json(400, { error: { message: "safety system" } }));
    await expect(
      illustrator().illustrate(request, content, { albumArtOnly: false }),
    ).rejects.toMatchObject({
      retryable: false,
      message: expect.stringMatching(/HTTP 400/),
    });
    server.reply(json(401, { error: { message: "bad key sk-abcdefghijklmnop" } }));
    const error: unknown = await illustrator({ apiKey: "sk-abcdefghijklmnop" })
      .illustrate(request, content, { albumArtOnly: true })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WriterError);
    expect((error as Error).message).not.toContain("abcdefghijklmnop");
    expect(server.requests).toHaveLength(2);
  });

  it("retries answers without a usable image, then fails for good", async () => {
    const noImage: Handler = json(200, { data: [{ url: "https://example.com/x.png" }] });
    server.reply(
      noImage,
      json(200, { data: [{ b64_json: "%%% not base64 %%%" }] }),
      json(502, "bad gateway"),
    );
    const error: unknown = await illustrator()
      .illustrate(request, content, { albumArtOnly: true })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WriterError);
    expect((error as Error).message).toMatch(/HTTP 502.*gave up after 3 attempts/);
    expect(server.requests).toHaveLength(3);
  });

  it("stops when the signal aborts", async () => {
    server.reply((_request, response) => new Promise((resolve) => response.once("close", resolve)));
    const controller = new AbortController();
    const drawing = illustrator().illustrate(request, content, {
      albumArtOnly: false,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    await expect(drawing).rejects.toMatchObject({ name: "AbortError" });
    await server.whenAborted();
    expect(server.requests).toHaveLength(1);
  });
});
