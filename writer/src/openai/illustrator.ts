import type { Chapter, NastinessLevel } from "@storyloom/common";
import { endpointFrom, type Endpoint } from "./endpoint.js";
import { parseEnvelope, postJson } from "./http-exchange.js";
import { retryPolicyFrom, withRetries, type RetryListener } from "./retries.js";
import { HttpStatusError, MalformedOutputError } from "./server-errors.js";
import { isRecord } from "./sse.js";
import type { Illustrator, IllustrationSubject, StoryImage, StoryRequest } from "../contract.js";

// An Illustrator for OpenAI-compatible image servers (POST /images/generations: OpenAI's
// dall-e / gpt-image models, LocalAI, and proxies speaking the same dialect). One cover, then one
// picture per chapter placed after its middle paragraph.

export interface OpenAiIllustratorOptions {
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  /** WIDTHxHEIGHT as the server accepts it. Default 1024x1024 (valid for dall-e-2/3, gpt-image-1). */
  size?: string | undefined;
  /** Limit for one image request. Default 120000. */
  timeoutMs?: number | undefined;
  /** Attempts per picture, including the first. Default 3. */
  maxAttempts?: number | undefined;
  retryDelayMs?: number | undefined;
  maxRetryDelayMs?: number | undefined;
  fetch?: typeof fetch | undefined;
  onRetry?: RetryListener | undefined;
}

const LABEL = "image server";
export const DEFAULT_IMAGE_SIZE = "1024x1024";

export function createOpenAiIllustrator(options: OpenAiIllustratorOptions): Illustrator {
  const model = options.model.trim();
  if (!model) throw new TypeError("model must not be empty");
  const size = options.size ?? DEFAULT_IMAGE_SIZE;
  if (!/^\d{2,5}x\d{2,5}$/.test(size))
    throw new TypeError(`size must be WIDTHxHEIGHT, got "${size}"`);
  const endpoint = endpointFrom(options, LABEL);
  const policy = retryPolicyFrom(options);
  const generate: ImageGenerator = (prompt, signal) =>
    withRetries(
      () => requestImage(endpoint, { model, size, prompt }, signal),
      policy,
      signal,
      options.onRetry,
    );
  return {
    name: `${model} via ${endpoint.host}`,
    illustrate: (request, content, { albumArtOnly, signal, variant }) =>
      illustrate(generate, request, content, { albumArtOnly, signal, variant }),
  };
}

type ImageGenerator = (
  prompt: string,
  signal: AbortSignal | undefined,
) => Promise<{ bytes: Uint8Array; contentType: string }>;

interface IllustrateOptions {
  albumArtOnly: boolean;
  signal: AbortSignal | undefined;
  variant: number | undefined;
}

/**
 * One picture at a time: image endpoints are slow and tightly rate limited, and a cancelled story
 * should stop after the picture in flight, not after a batch.
 */
async function illustrate(
  generate: ImageGenerator,
  request: StoryRequest,
  content: IllustrationSubject,
  options: IllustrateOptions,
): Promise<StoryImage[]> {
  const style = styleFor(request, options.variant);
  const cover = await generate(coverPrompt(request, content, style), options.signal);
  const images: StoryImage[] = [
    {
      role: "cover",
      chapterIndex: null,
      paragraphIndex: null,
      altText: `Cover illustration for "${content.title}"`,
      caption: content.title,
      ...cover,
    },
  ];
  if (options.albumArtOnly) return images;
  for (const [chapterIndex, chapter] of content.chapters.entries()) {
    // A chapter picture sits after a paragraph; a chapter without one gets none.
    if (chapter.paragraphs.length === 0) continue;
    const paragraphIndex = middleParagraph(chapter);
    const picture = await chapterPicture(
      generate,
      chapterPrompt(content, chapter, paragraphIndex, style),
      options.signal,
    );
    if (!picture) continue;
    images.push({
      role: "chapter",
      chapterIndex,
      paragraphIndex,
      altText: `Illustration for chapter ${chapterIndex + 1}, "${chapter.title}"`,
      caption: chapter.title,
      ...picture,
    });
  }
  return images;
}

/**
 * A 400 for one chapter's prompt is almost always the server's safety filter refusing that scene;
 * the story is better off without that one picture than failed as a whole. The cover, and any other
 * error (bad key, wrong model, server down), still fails the illustration.
 */
async function chapterPicture(
  generate: ImageGenerator,
  prompt: string,
  signal: AbortSignal | undefined,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  try {
    return await generate(prompt, signal);
  } catch (error) {
    if (error instanceof HttpStatusError && error.status === 400) return null;
    throw error;
  }
}

/** The middle paragraph, rounding down, so the picture breaks the chapter roughly in half. */
export function middleParagraph(chapter: Chapter): number {
  return Math.floor((chapter.paragraphs.length - 1) / 2);
}

async function requestImage(
  endpoint: Endpoint,
  params: { model: string; size: string; prompt: string },
  signal: AbortSignal | undefined,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const payload = { ...params, n: 1, response_format: "b64_json" };
  return postJson(endpoint, "/images/generations", payload, signal, async (response, attempt) => {
    const envelope = parseEnvelope(await attempt.text(response), endpoint.label);
    const first: unknown = Array.isArray(envelope.data) ? envelope.data[0] : undefined;
    const encoded = isRecord(first) ? first.b64_json : undefined;
    if (typeof encoded !== "string") {
      throw new MalformedOutputError(`${endpoint.label} returned no b64_json image`);
    }
    const bytes = decodeBase64(encoded, endpoint.label);
    return { bytes, contentType: sniffImageType(bytes) };
  });
}

function decodeBase64(encoded: string, label: string): Uint8Array {
  // Some servers return a data: URL instead of bare base64.
  const bare = encoded.replace(/^data:[^,]*;base64,/, "").replace(/\s+/g, "");
  if (bare === "" || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(bare)) {
    throw new MalformedOutputError(`${label} returned an image that is not base64`);
  }
  return new Uint8Array(Buffer.from(bare, "base64"));
}

/** The type from the bytes themselves: servers differ in what they produce, and PNG is the norm. */
export function sniffImageType(bytes: Uint8Array): string {
  const startsWith = (...signature: number[]) =>
    signature.every((byte, index) => bytes[index] === byte);
  if (startsWith(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (startsWith(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (startsWith(0x52, 0x49, 0x46, 0x46) && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  return "image/png";
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

// Image prompts are a single string, so there is no separate data channel: story text goes in
// only as a quoted, flattened and shortened description of what to draw, after the fixed framing,
// and the fixed rules come last so they have the final word.

const STYLES: Record<NastinessLevel, string> = {
  light: "soft, warm storybook illustration, gentle colours",
  medium: "dramatic painterly illustration, moody lighting",
  heavy: "dark atmospheric painterly illustration, deep shadows",
};

/** Regenerated art (variant 1, 2, …) asks for a different framing, so it does not repeat itself. */
const COMPOSITIONS = [
  "wide establishing view",
  "close, intimate view",
  "view from a low angle",
  "view from above",
];

const RULES =
  "No text, letters, captions, signatures or watermarks in the image. No nudity, no gore.";

function styleFor(request: StoryRequest, variant: number | undefined): string {
  const composition = variant ? COMPOSITIONS[(variant - 1) % COMPOSITIONS.length] : undefined;
  return [STYLES[request.nastinessLevel], composition].filter(Boolean).join(", ");
}

function coverPrompt(request: StoryRequest, content: IllustrationSubject, style: string): string {
  const genre = request.tags
    .slice(0, 5)
    .map((tag) => quoted(tag, 30))
    .join(", ");
  return [
    "Cover illustration for a short story" + (genre ? ` with the tags ${genre}` : "") + ".",
    `Story title: ${quoted(content.title, 120)}.`,
    `What the story is about: ${quoted(content.description, 400)}.`,
    `Style: ${style}.`,
    RULES,
  ].join(" ");
}

function chapterPrompt(
  content: IllustrationSubject,
  chapter: Chapter,
  paragraphIndex: number,
  style: string,
): string {
  return [
    `Illustration for a chapter of the story ${quoted(content.title, 120)}.`,
    `Chapter title: ${quoted(chapter.title, 120)}.`,
    `Scene to depict: ${quoted(chapter.paragraphs[paragraphIndex] ?? "", 500)}.`,
    `Style: ${style}.`,
    RULES,
  ].join(" ");
}

/** One line in straight quotes, with the quotes inside removed so the text cannot break out. */
function quoted(text: string, max: number): string {
  const flat = text.replace(/["“”]/g, "'").replace(/\s+/g, " ").trim();
  return `"${flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`}"`;
}
