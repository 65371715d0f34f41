import type { DesiredLength, NastinessLevel } from "@storyloom/common";
import type { StoryRequest } from "@storyloom/writer";
import { invalid } from "../platform/lib/errors.js";

// The generation form's rules and limits (docs/product.md#generation-form), checked after
// trimming.
export const TITLE_MAX_LENGTH = 200;
export const OUTLINE_MAX_LENGTH = 5000;
export const MAX_LABELS = 10;
export const LABEL_MAX_LENGTH = 40;

export const TITLE_REQUIRED = "Title is required.";
export const OUTLINE_REQUIRED = "Outline/Prompt is required.";

export interface StoryRequestInput {
  title?: string;
  outline?: string;
  tags?: string[];
  theme_keywords?: string[];
  desired_length?: DesiredLength;
  nastiness_level?: NastinessLevel;
}

/** A trimmed, limited generation request, or a 422 naming the first field at fault. */
export function validStoryRequest(input: StoryRequestInput): StoryRequest {
  return {
    title: validTitle(input.title),
    outline: requiredText(
      "outline",
      input.outline,
      OUTLINE_MAX_LENGTH,
      OUTLINE_REQUIRED,
      "Outline/Prompt",
    ),
    tags: labels("tags", input.tags, "tag"),
    themeKeywords: labels("theme_keywords", input.theme_keywords, "theme keyword"),
    // Short and Light are the defaults.
    desiredLength: input.desired_length ?? "short",
    nastinessLevel: input.nastiness_level ?? "light",
  };
}

export function validTitle(title: string | undefined): string {
  return requiredText("title", title, TITLE_MAX_LENGTH, TITLE_REQUIRED, "Title");
}

function requiredText(
  field: string,
  value: string | undefined,
  maxLength: number,
  requiredMessage: string,
  label: string,
): string {
  const text = value?.trim() ?? "";
  if (text === "") throw invalid(field, requiredMessage);
  if (text.length > maxLength) {
    throw invalid(field, `${label} must be at most ${maxLength} characters.`);
  }
  return text;
}

/** Tags and keywords are trimmed and empties removed. */
function labels(field: string, values: string[] | undefined, noun: string): string[] {
  const kept = (values ?? []).map((value) => value.trim()).filter((value) => value !== "");
  if (kept.length > MAX_LABELS) {
    throw invalid(field, `At most ${MAX_LABELS} ${noun}s are allowed.`);
  }
  const tooLong = kept.findIndex((value) => value.length > LABEL_MAX_LENGTH);
  if (tooLong !== -1) {
    throw invalid(
      `${field}.${tooLong}`,
      `Each ${noun} must be at most ${LABEL_MAX_LENGTH} characters.`,
    );
  }
  return kept;
}
