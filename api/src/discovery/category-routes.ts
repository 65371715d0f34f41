import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type, type Static } from "typebox";
import type { CommunityQueries } from "../community/community-queries.js";
import type { Database } from "../platform/db/database.js";
import {
  DiscoveryQueries,
  type CategoryWithCount,
  type CategoryWrite,
} from "./discovery-queries.js";
import type { CategoryRecord } from "../platform/db/schema.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import {
  ADMINS_ONLY,
  CATEGORY_DESCRIPTION_MAX_LENGTH,
  CATEGORY_IN_USE,
  CATEGORY_NAME_MAX_LENGTH,
  CATEGORY_NAME_TAKEN,
  CATEGORY_NOT_FOUND,
  MOVE_TO_ITSELF,
  TAG_NOT_FOUND,
  tagIdOf,
  validCategoryDescription,
  validCategoryName,
} from "./category-rules.js";
import { assertOwner } from "../stories/visibility-rules.js";
import { conflict, forbidden, invalid, notFound } from "../platform/lib/errors.js";
import { apiIdSchema } from "../platform/http/api-id-schema.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { storyDetailResponse, StoryIdParams, toStoryViewJson } from "../stories/story-schemas.js";
import { viewStory } from "../stories/story-views.js";
import type { PictureLinks } from "../stories/picture-link-rules.js";

// Categories and tags over REST (docs/product.md#categories-and-tags, docs/decisions/024):
// anyone lists them; only admins change them; a story's owner picks its category.

export interface CategoryRoutesOptions {
  /** Signs illustrations' URLs for readers who may see them (stories/picture-link-rules.ts). */
  links: PictureLinks;
  db: Database;
  community: CommunityQueries;
  guards: AuthGuards;
}

const optionalSecurity = [{}, ...bearerSecurity];

export const ONLY_AUTHOR_CATEGORY = "Only the author can change the category.";
export const TAGS_DEFAULT_LIMIT = 50;
export const TAGS_MAX_LIMIT = 100;

const CategorySchema = Type.Object(
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
type CategoryJson = Static<typeof CategorySchema>;

const TagSchema = Type.Object(
  {
    id: Type.String({ description: "The tag in lower case (docs/decisions/024)." }),
    name: Type.String({ description: "Its most used spelling." }),
    story_count: Type.Integer({ minimum: 1, description: "Listed stories with the tag." }),
  },
  { additionalProperties: false },
);

const CategoryIdParams = Type.Object({ id: apiIdSchema("The category's id") });
const TagIdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 40, description: "The tag in any case." }),
});

const nameField = Type.String({
  maxLength: CATEGORY_NAME_MAX_LENGTH * 2,
  description: `1 to ${CATEGORY_NAME_MAX_LENGTH} characters after trimming.`,
});
const descriptionField = Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], {
  description: `At most ${CATEGORY_DESCRIPTION_MAX_LENGTH} characters after trimming; blank or null for none.`,
});

const CreateCategoryBody = Type.Object(
  { name: nameField, description: Type.Optional(descriptionField) },
  { additionalProperties: false },
);
const UpdateCategoryBody = Type.Object(
  { name: Type.Optional(nameField), description: Type.Optional(descriptionField) },
  { additionalProperties: false },
);
const DeleteCategoryQuery = Type.Object(
  {
    move_to: Type.Optional(
      apiIdSchema("Another category: the deleted one's stories move there first"),
    ),
  },
  { additionalProperties: false },
);
const TagsQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: TAGS_MAX_LIMIT, default: TAGS_DEFAULT_LIMIT }),
    ),
  },
  { additionalProperties: false },
);
const StoryCategoryBody = Type.Object(
  {
    category_id: Type.Union([apiIdSchema("A category's id"), Type.Null()], {
      description: "The new category; null for none.",
    }),
  },
  { additionalProperties: false },
);

function toCategoryJson(category: CategoryWithCount): CategoryJson {
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

/** A write's category, or the failure its outcome names. */
function written(outcome: CategoryWrite): CategoryRecord {
  if (outcome === "name_taken") throw conflict("CATEGORY_NAME_TAKEN", CATEGORY_NAME_TAKEN);
  if (outcome === "not_found") throw notFound(CATEGORY_NOT_FOUND);
  return outcome;
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

export const categoryRoutes: FastifyPluginAsyncTypebox<CategoryRoutesOptions> = async (
  app,
  options,
) => {
  const { db, community, guards } = options;
  const discovery = new DiscoveryQueries(db);
  const stories = new StoriesQueries(db);
  // 401 for visitors before the body is read, 403 for anyone but an admin.
  const adminsOnly = {
    onRequest: guards.requireUser,
    preValidation: async (request: FastifyRequest) => {
      if (!signedInUser(request).roles.includes("admin")) throw forbidden(ADMINS_ONLY);
    },
  };

  app.get(
    "/categories",
    {
      // A bad token is refused (401) even here: a visitor sends none.
      onRequest: guards.optionalUser,
      schema: {
        operationId: "listCategories",
        summary: "Every category by name, with its listed stories counted.",
        tags: ["categories"],
        security: optionalSecurity,
        response: { 200: Type.Array(CategorySchema), ...errorResponses(401) },
      },
    },
    async () => (await discovery.listCategories()).map(toCategoryJson),
  );

  app.get(
    "/categories/:id",
    {
      // A bad token is refused (401) even here: a visitor sends none.
      onRequest: guards.optionalUser,
      schema: {
        operationId: "getCategory",
        summary:
          "One category with its listed stories counted (its stories: GET /stories?category=).",
        tags: ["categories"],
        security: optionalSecurity,
        params: CategoryIdParams,
        response: { 200: CategorySchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const category = await discovery.findCategory(request.params.id);
      if (category === null) throw notFound(CATEGORY_NOT_FOUND);
      return toCategoryJson(category);
    },
  );

  app.post(
    "/admin/categories",
    {
      ...adminsOnly,
      schema: {
        operationId: "createCategory",
        summary: "Admins: a new category; its slug comes from the name and must be unused.",
        tags: ["admin", "categories"],
        security: bearerSecurity,
        body: CreateCategoryBody,
        response: { 201: CategorySchema, ...errorResponses(400, 401, 403, 409, 415, 422) },
      },
    },
    async (request, reply) => {
      const name = validCategoryName(request.body.name);
      const description = validCategoryDescription(request.body.description ?? null);
      const category = written(await discovery.createCategory({ ...name, description }));
      return reply.status(201).send(toCategoryJson({ ...category, storyCount: 0 }));
    },
  );

  app.patch(
    "/admin/categories/:id",
    {
      ...adminsOnly,
      schema: {
        operationId: "updateCategory",
        summary:
          "Admins: renames a category (its stories' category_name follow) or redescribes it.",
        tags: ["admin", "categories"],
        security: bearerSecurity,
        params: CategoryIdParams,
        body: UpdateCategoryBody,
        response: { 200: CategorySchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (request) => {
      const { name, description } = request.body;
      const changes = {
        ...(name === undefined ? {} : validCategoryName(name)),
        ...(description === undefined
          ? {}
          : { description: validCategoryDescription(description) }),
      };
      written(await discovery.updateCategory(request.params.id, changes));
      const category = await discovery.findCategory(request.params.id);
      if (category === null) throw notFound(CATEGORY_NOT_FOUND);
      return toCategoryJson(category);
    },
  );

  app.delete(
    "/admin/categories/:id",
    {
      ...adminsOnly,
      schema: {
        operationId: "deleteCategory",
        summary: "Admins: deletes a category; one with stories needs move_to (409 otherwise).",
        tags: ["admin", "categories"],
        security: bearerSecurity,
        params: CategoryIdParams,
        querystring: DeleteCategoryQuery,
        response: {
          200: Type.Object(
            { id: Type.String(), deleted: Type.Literal(true) },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const moveTo = request.query.move_to ?? null;
      if (moveTo === id) throw invalid("move_to", MOVE_TO_ITSELF);
      const outcome = await discovery.deleteCategory(id, moveTo);
      if (outcome === "not_found") throw notFound(CATEGORY_NOT_FOUND);
      if (outcome === "move_to_not_found") throw invalid("move_to", CATEGORY_NOT_FOUND);
      if (outcome === "in_use") throw conflict("CATEGORY_IN_USE", CATEGORY_IN_USE);
      return { id, deleted: true as const };
    },
  );

  app.get(
    "/tags",
    {
      // A bad token is refused (401) even here: a visitor sends none.
      onRequest: guards.optionalUser,
      schema: {
        operationId: "listTags",
        summary: "Tags of listed stories with their counts, most used first, then by name.",
        tags: ["tags"],
        security: optionalSecurity,
        querystring: TagsQuery,
        response: { 200: Type.Array(TagSchema), ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const tags = await discovery.listTags(request.query.limit ?? TAGS_DEFAULT_LIMIT);
      return tags.map((tag) => ({ id: tag.id, name: tag.name, story_count: tag.storyCount }));
    },
  );

  app.delete(
    "/admin/tags/:id",
    {
      ...adminsOnly,
      schema: {
        operationId: "deleteTag",
        summary: "Admins: removes the tag, in any case, from every story.",
        tags: ["admin", "tags"],
        security: bearerSecurity,
        params: TagIdParams,
        response: {
          200: Type.Object(
            {
              id: Type.String(),
              stories: Type.Integer({ minimum: 1, description: "Stories that lost the tag." }),
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request) => {
      const id = tagIdOf(request.params.id);
      const count = await discovery.removeTag(id);
      if (count === 0) throw notFound(TAG_NOT_FOUND);
      return { id, stories: count };
    },
  );

  app.put(
    "/stories/:id/category",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "setStoryCategory",
        summary: "The owner sets or clears the story's category, in any status.",
        tags: ["stories", "categories"],
        security: bearerSecurity,
        params: StoryIdParams,
        body: StoryCategoryBody,
        response: {
          200: storyDetailResponse("The story with its new category."),
          ...errorResponses(400, 401, 403, 404, 415, 422),
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const story = await stories.findByPublicId(request.params.id);
      assertOwner(story, user.id, ONLY_AUTHOR_CATEGORY);
      const categoryId = request.body.category_id;
      if (!(await discovery.setStoryCategory(story.id, categoryId))) {
        throw invalid("category_id", CATEGORY_NOT_FOUND);
      }
      const updated = await stories.findByPublicId(story.publicId);
      if (updated === null) throw notFound(CATEGORY_NOT_FOUND);
      const view = await viewStory({ db, stories, community }, updated, user, user.username);
      return toStoryViewJson(view, options.links);
    },
  );
};
