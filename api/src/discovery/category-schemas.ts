import { Type, type Static } from "typebox";
import { apiIdSchema } from "../platform/http/api-id-schema.js";
import { CATEGORY_DESCRIPTION_MAX_LENGTH, CATEGORY_NAME_MAX_LENGTH } from "./category-rules.js";
import type { CategoryWithCount, TagCount } from "./discovery-queries.js";

// Categories and tags as requests and JSON (docs/decisions/024).

export const TAGS_DEFAULT_LIMIT = 50;
export const TAGS_MAX_LIMIT = 100;

export const CategorySchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    slug: Type.String({ description: "The name in lower case, words joined by hyphens." }),
    description: Type.Union([Type.String(), Type.Null()]),
    story_count: Type.Integer({ minimum: 0, description: "Its listed (public) stories." }),
    created_at: Type.String({ format: "date-time" }),
    updated_at: Type.String({ format: "date-time" }),
  },
  { additionalProperties: false },
);
export type CategoryJson = Static<typeof CategorySchema>;

export const TagSchema = Type.Object(
  {
    id: Type.String({ description: "The tag in lower case (docs/decisions/024)." }),
    name: Type.String({ description: "Its most used spelling." }),
    story_count: Type.Integer({ minimum: 1, description: "Listed stories with the tag." }),
  },
  { additionalProperties: false },
);

export const CategoryIdParams = Type.Object({ id: apiIdSchema("The category's id") });
export const TagIdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 40, description: "The tag in any case." }),
});

const nameField = Type.String({
  maxLength: CATEGORY_NAME_MAX_LENGTH * 2,
  description: `1 to ${CATEGORY_NAME_MAX_LENGTH} characters after trimming.`,
});
const descriptionField = Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], {
  description: `At most ${CATEGORY_DESCRIPTION_MAX_LENGTH} characters after trimming; blank or null for none.`,
});

export const CreateCategoryBody = Type.Object(
  { name: nameField, description: Type.Optional(descriptionField) },
  { additionalProperties: false },
);
export const UpdateCategoryBody = Type.Object(
  { name: Type.Optional(nameField), description: Type.Optional(descriptionField) },
  { additionalProperties: false },
);
export const DeleteCategoryQuery = Type.Object(
  {
    move_to: Type.Optional(
      apiIdSchema("Another category: the deleted one's stories move there first"),
    ),
  },
  { additionalProperties: false },
);
export const TagsQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: TAGS_MAX_LIMIT, default: TAGS_DEFAULT_LIMIT }),
    ),
  },
  { additionalProperties: false },
);
export const StoryCategoryBody = Type.Object(
  {
    category_id: Type.Union([apiIdSchema("A category's id"), Type.Null()], {
      description: "The new category; null for none.",
    }),
  },
  { additionalProperties: false },
);

export const DeletedCategoryResponse = Type.Object(
  { id: Type.String(), deleted: Type.Literal(true) },
  { additionalProperties: false },
);

export const RemovedTagResponse = Type.Object(
  {
    id: Type.String(),
    stories: Type.Integer({ minimum: 1, description: "Stories that lost the tag." }),
  },
  { additionalProperties: false },
);

export function toCategoryJson(category: CategoryWithCount): CategoryJson {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    story_count: category.storyCount,
    created_at: category.createdAt.toISOString(),
    updated_at: category.updatedAt.toISOString(),
  };
}

export function toTagJson(tag: TagCount) {
  return { id: tag.id, name: tag.name, story_count: tag.storyCount };
}
