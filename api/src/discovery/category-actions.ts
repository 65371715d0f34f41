import type { CategoryRecord, UserRecord } from "../platform/db/schema.js";
import { conflict, invalid, notFound } from "../platform/lib/errors.js";
import { viewStory, type StoryView, type StoryViewDeps } from "../stories/story-views.js";
import { assertOwner } from "../stories/visibility-rules.js";
import {
  assertAdmin,
  CATEGORY_IN_USE,
  CATEGORY_NAME_TAKEN,
  CATEGORY_NOT_FOUND,
  MOVE_TO_ITSELF,
  ONLY_AUTHOR_CATEGORY,
  TAG_NOT_FOUND,
  tagIdOf,
  validCategoryDescription,
  validCategoryName,
} from "./category-rules.js";
import type {
  CategoryWithCount,
  CategoryWrite,
  DiscoveryQueries,
  TagCount,
} from "./discovery-queries.js";

// Categories and tags (docs/product.md#categories-and-tags, docs/decisions/024): anyone lists
// them; only admins change them; a story's owner picks its category.

/** Every category by name, with its listed stories counted. */
export async function listCategories(discovery: DiscoveryQueries): Promise<CategoryWithCount[]> {
  return discovery.listCategories();
}

export async function getCategory(
  discovery: DiscoveryQueries,
  id: string,
): Promise<CategoryWithCount> {
  const category = await discovery.findCategory(id);
  if (category === null) throw notFound(CATEGORY_NOT_FOUND);
  return category;
}

/** A write's category, or the failure its outcome names. */
function written(outcome: CategoryWrite): CategoryRecord {
  if (outcome === "name_taken") throw conflict("CATEGORY_NAME_TAKEN", CATEGORY_NAME_TAKEN);
  if (outcome === "not_found") throw notFound(CATEGORY_NOT_FOUND);
  return outcome;
}

/** An admin's new category; its slug comes from the name and must be unused. */
export async function createCategory(
  discovery: DiscoveryQueries,
  admin: UserRecord,
  input: { name: string; description: string | null },
): Promise<CategoryWithCount> {
  assertAdmin(admin);
  const name = validCategoryName(input.name);
  const description = validCategoryDescription(input.description);
  const category = written(await discovery.createCategory({ ...name, description }));
  return { ...category, storyCount: 0 };
}

/** An admin renames a category (its stories' category_name follow) or redescribes it. */
export async function updateCategory(
  discovery: DiscoveryQueries,
  admin: UserRecord,
  id: string,
  input: { name?: string; description?: string | null },
): Promise<CategoryWithCount> {
  assertAdmin(admin);
  const { name, description } = input;
  const changes = {
    ...(name === undefined ? {} : validCategoryName(name)),
    ...(description === undefined ? {} : { description: validCategoryDescription(description) }),
  };
  written(await discovery.updateCategory(id, changes));
  return getCategory(discovery, id);
}

/**
 * An admin deletes a category. Its stories move to `moveTo` first when given; a category that
 * still has stories cannot go without it.
 */
export async function deleteCategory(
  discovery: DiscoveryQueries,
  admin: UserRecord,
  id: string,
  moveTo: string | null,
): Promise<void> {
  assertAdmin(admin);
  if (moveTo === id) throw invalid("move_to", MOVE_TO_ITSELF);
  const outcome = await discovery.deleteCategory(id, moveTo);
  if (outcome === "not_found") throw notFound(CATEGORY_NOT_FOUND);
  if (outcome === "move_to_not_found") throw invalid("move_to", CATEGORY_NOT_FOUND);
  if (outcome === "in_use") throw conflict("CATEGORY_IN_USE", CATEGORY_IN_USE);
}

/** Tags of listed stories with their counts, most used first, then by name. */
export async function listTags(discovery: DiscoveryQueries, limit: number): Promise<TagCount[]> {
  return discovery.listTags(limit);
}

/** An admin removes a tag, in any case, from every story; resolves to how many had it. */
export async function removeTag(
  discovery: DiscoveryQueries,
  admin: UserRecord,
  name: string,
): Promise<{ id: string; stories: number }> {
  assertAdmin(admin);
  const id = tagIdOf(name);
  const count = await discovery.removeTag(id);
  if (count === 0) throw notFound(TAG_NOT_FOUND);
  return { id, stories: count };
}

/**
 * The owner sets or clears (null) the story's category, in any status; resolves to the story as
 * its owner sees it.
 */
export async function setStoryCategory(
  deps: StoryViewDeps & { discovery: DiscoveryQueries },
  owner: UserRecord,
  publicId: string,
  categoryId: string | null,
): Promise<StoryView> {
  const story = await deps.stories.findByPublicId(publicId);
  assertOwner(story, owner.id, ONLY_AUTHOR_CATEGORY);
  if (!(await deps.discovery.setStoryCategory(story.id, categoryId))) {
    throw invalid("category_id", CATEGORY_NOT_FOUND);
  }
  const updated = await deps.stories.findByPublicId(story.publicId);
  if (updated === null) throw notFound(CATEGORY_NOT_FOUND);
  return viewStory(deps, updated, owner, owner.username);
}

/** The category a generation request names: null for none, a 422 when there is no such one. */
export async function pickedCategory(
  discovery: DiscoveryQueries,
  categoryId: string | null | undefined,
): Promise<{ id: string; name: string } | null> {
  if (categoryId === undefined || categoryId === null) return null;
  const name = await discovery.categoryName(categoryId);
  if (name === null) throw invalid("category_id", CATEGORY_NOT_FOUND);
  return { id: categoryId, name };
}
