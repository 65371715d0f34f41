import { Type } from "typebox";
import { Compile } from "typebox/compile";
import { MalformedOutputError } from "./server-errors.js";
import { stripThinking } from "./text.js";
import { WORD_BUDGET, type StoryPlan, type StoryRequest } from "../contract.js";

// The plan the model returns is untrusted input: it is found in the text, validated against a
// schema, and rebuilt field by field, so nothing unvalidated reaches the pipeline.

export const MIN_CHAPTERS = 2;
export const MAX_CHAPTERS = 12;

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: "\\S" });

const ChapterPlanSchema = Type.Object({
  title: Text(200),
  summary: Text(1000),
  // Only a weight: the targets are rescaled to the budget, so a missing one is not fatal.
  targetWords: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
});

const StoryPlanSchema = Type.Object({
  // Missing or empty: the requested title is used.
  title: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  description: Text(1000),
  chapters: Type.Array(ChapterPlanSchema, { minItems: MIN_CHAPTERS, maxItems: MAX_CHAPTERS }),
});

const validator = Compile(StoryPlanSchema);

/** Parses and validates the model's answer; throws MalformedOutputError when it does not fit. */
export function parsePlan(content: string, request: StoryRequest, label: string): StoryPlan {
  const candidate = validator.Convert(extractJsonObject(content, label));
  if (!validator.Check(candidate)) {
    const first = validator.Errors(candidate)[0];
    const where = first ? `${first.instancePath || "/"} ${first.message}` : "invalid";
    throw new MalformedOutputError(
      `${label} returned a plan that does not fit the schema: ${where}`,
    );
  }
  const targets = normaliseTargetWords(
    candidate.chapters.map((chapter) => chapter.targetWords),
    WORD_BUDGET[request.desiredLength],
  );
  return {
    title: oneLine(candidate.title ?? "") || oneLine(request.title),
    description: oneLine(candidate.description),
    chapters: candidate.chapters.map((chapter, index) => ({
      title: oneLine(chapter.title),
      summary: oneLine(chapter.summary),
      targetWords: targets[index] ?? 0,
    })),
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The first JSON object in the text. json_object mode should make the whole answer JSON, but
 * servers that ignore response_format wrap it in ```json fences or a sentence of chatter.
 */
export function extractJsonObject(text: string, label: string): unknown {
  const content = stripThinking(text);
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)```/i.exec(content)?.[1];
  for (const source of fenced === undefined ? [content] : [fenced, content]) {
    const json = firstBalancedObject(source);
    if (json === null) continue;
    try {
      return JSON.parse(json) as unknown;
    } catch {
      // Try the next source; if none parses, the answer is malformed.
    }
  }
  throw new MalformedOutputError(`${label} did not return a JSON object for the plan`);
}

/** From the first "{" to its matching "}", skipping braces inside strings. */
function firstBalancedObject(text: string): string | null {
  const start = text.indexOf("{");
  if (start === -1) return null;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === "\\") escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth += 1;
    else if (char === "}") {
      depth -= 1;
      if (depth === 0) return text.slice(start, index + 1);
    }
  }
  return null;
}

/**
 * Rescales the model's per-chapter targets so they add up to exactly `budget`. Models are bad at
 * arithmetic, so their numbers are only proportions; without usable numbers, chapters are equal.
 * Each weight is raised to at least a quarter of the mean weight, so no chapter falls below a fifth
 * of the average share and none is planned down to nothing.
 */
export function normaliseTargetWords(weights: Array<number | undefined>, budget: number): number[] {
  const count = weights.length;
  if (count === 0) return [];
  const usable = weights.every(
    (weight) => weight !== undefined && Number.isFinite(weight) && weight > 0,
  );
  const raw = usable ? (weights as number[]) : weights.map(() => 1);
  const mean = raw.reduce((sum, weight) => sum + weight, 0) / count;
  const floored = raw.map((weight) => Math.max(weight, mean / 4));
  const total = floored.reduce((sum, weight) => sum + weight, 0);
  return largestRemainder(
    floored.map((weight) => (weight / total) * budget),
    budget,
  );
}

/** Rounds shares down, then gives the missing units to the largest remainders: the sum is exact. */
function largestRemainder(shares: number[], total: number): number[] {
  const result = shares.map(Math.floor);
  let missing = total - result.reduce((sum, value) => sum + value, 0);
  const order = shares
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (missing <= 0) break;
    result[index] = (result[index] ?? 0) + 1;
    missing -= 1;
  }
  return result;
}
