import type { UserRecord } from "../platform/db/schema.js";
import { forbidden, invalid } from "../platform/lib/errors.js";
import { LABEL_MAX_LENGTH, MAX_LABELS } from "../generation/story-request-rules.js";

// Categories and tags (docs/product.md#categories-and-tags, docs/decisions/024): the rules of
// their names, the messages of their failures.

export const CATEGORY_NAME_MAX_LENGTH = 60;
export const CATEGORY_DESCRIPTION_MAX_LENGTH = 500;

export const CATEGORY_NOT_FOUND = "Category not found.";
export const TAG_NOT_FOUND = "Tag not found.";
export const CATEGORY_NAME_TAKEN = "A category with this name already exists.";
export const CATEGORY_IN_USE =
  "This category still has stories: move them to another category first (move_to).";
export const MOVE_TO_ITSELF = "Stories cannot be moved to the category being deleted.";
export const ADMINS_ONLY = "Only admins can do this.";
export const NAME_REQUIRED = "Name is required.";
export const ONLY_AUTHOR_CATEGORY = "Only the author can change the category.";

/** Only admins change categories and tags; anyone else is refused (403). */
export function assertAdmin(user: Pick<UserRecord, "roles">): void {
  if (!user.roles.includes("admin")) throw forbidden(ADMINS_ONLY);
}

/** The slug of a name: lower case, runs of anything but letters and digits as one hyphen. */
export function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/** A trimmed category name with a usable slug, or a 422 naming the field. */
export function validCategoryName(name: string): { name: string; slug: string } {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw invalid("name", NAME_REQUIRED);
  if (trimmed.length > CATEGORY_NAME_MAX_LENGTH) {
    throw invalid("name", `Name must be at most ${CATEGORY_NAME_MAX_LENGTH} characters.`);
  }
  const slug = slugOf(trimmed);
  if (slug.length === 0) throw invalid("name", "Name needs at least one letter or digit.");
  return { name: trimmed, slug };
}

/** A trimmed description; blank means none. */
export function validCategoryDescription(description: string | null): string | null {
  const trimmed = description?.trim() ?? "";
  if (trimmed.length > CATEGORY_DESCRIPTION_MAX_LENGTH) {
    throw invalid(
      "description",
      `Description must be at most ${CATEGORY_DESCRIPTION_MAX_LENGTH} characters.`,
    );
  }
  return trimmed.length === 0 ? null : trimmed;
}

/**
 * A tag's id is its name in lower case (docs/decisions/024): tags are free text on stories, and
 * "Mystery" and "mystery" are one tag everywhere — filters, counts and removal.
 */
export const tagIdOf = (name: string) => name.trim().toLowerCase();

/**
 * The tags of a filter, comma-separated as the generation form takes them, as tag ids; as many
 * and as long as a story's tags may be, or a 422 naming `field`.
 */
export function tagList(field: string, text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const tags = [...new Set(text.split(",").map(tagIdOf))].filter((tag) => tag.length > 0);
  if (tags.length > MAX_LABELS) throw invalid(field, `At most ${MAX_LABELS} tags.`);
  if (tags.some((tag) => tag.length > LABEL_MAX_LENGTH)) {
    throw invalid(field, `A tag has at most ${LABEL_MAX_LENGTH} characters.`);
  }
  return tags.length > 0 ? tags : undefined;
}
