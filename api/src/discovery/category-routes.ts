import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { CommunityQueries } from "../community/community-queries.js";
import type { Database } from "../platform/db/database.js";
import type { DiscoveryQueries } from "./discovery-queries.js";
import type { StoriesQueries } from "../stories/stories-queries.js";
import { assertAdmin } from "./category-rules.js";
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  listTags,
  removeTag,
  setStoryCategory,
  updateCategory,
} from "./category-actions.js";
import {
  CategoryIdParams,
  CategorySchema,
  CreateCategoryBody,
  DeleteCategoryQuery,
  DeletedCategoryResponse,
  RemovedTagResponse,
  StoryCategoryBody,
  TagIdParams,
  TagSchema,
  TAGS_DEFAULT_LIMIT,
  TagsQuery,
  toCategoryJson,
  toTagJson,
  UpdateCategoryBody,
} from "./category-schemas.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { storyDetailResponse, StoryIdParams, toStoryViewJson } from "../stories/story-schemas.js";
import type { PictureLinks } from "../stories/picture-link-rules.js";

// Categories and tags over REST (docs/product.md#categories-and-tags, docs/decisions/024):
// anyone lists them; only admins change them; a story's owner picks its category.

export interface CategoryRoutesOptions {
  /** Signs illustrations' URLs for readers who may see them (stories/picture-link-rules.ts). */
  links: PictureLinks;
  db: Database;
  stories: StoriesQueries;
  community: CommunityQueries;
  discovery: DiscoveryQueries;
  guards: AuthGuards;
}

const optionalSecurity = [{}, ...bearerSecurity];

/** Categories and tags, and a story's category, in the order the OpenAPI document lists them. */
export const categoryRoutes: FastifyPluginAsyncTypebox<CategoryRoutesOptions> = async (
  app,
  options,
) => {
  const { db, stories, community, discovery, guards, links } = options;
  categoryReadingRoutes(app, options);
  categoryAdminRoutes(app, options);
  tagRoutes(app, options);

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
      const owner = signedInUser(request);
      const { id } = request.params;
      const picking = { db, stories, community, discovery };
      const view = await setStoryCategory(picking, owner, id, request.body.category_id);
      return toStoryViewJson(view, links);
    },
  );
};

type CategoriesApp = Parameters<FastifyPluginAsyncTypebox<CategoryRoutesOptions>>[0];

/** 401 for visitors before the body is read, 403 for anyone but an admin. */
function adminsOnly(guards: AuthGuards) {
  return {
    onRequest: guards.requireUser,
    preValidation: async (request: FastifyRequest) => assertAdmin(signedInUser(request)),
  };
}

/** GET /categories and GET /categories/{id}: anyone. */
function categoryReadingRoutes(app: CategoriesApp, options: CategoryRoutesOptions): void {
  const { discovery, guards } = options;
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
    async () => (await listCategories(discovery)).map(toCategoryJson),
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
    async (request) => toCategoryJson(await getCategory(discovery, request.params.id)),
  );
}

/** POST, PATCH and DELETE /admin/categories: admins only. */
function categoryAdminRoutes(app: CategoriesApp, options: CategoryRoutesOptions): void {
  const { discovery } = options;
  const admins = adminsOnly(options.guards);
  app.post(
    "/admin/categories",
    {
      ...admins,
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
      const { name, description = null } = request.body;
      const category = await createCategory(discovery, signedInUser(request), {
        name,
        description,
      });
      return reply.status(201).send(toCategoryJson(category));
    },
  );

  app.patch(
    "/admin/categories/:id",
    {
      ...admins,
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
      const admin = signedInUser(request);
      const category = await updateCategory(discovery, admin, request.params.id, request.body);
      return toCategoryJson(category);
    },
  );

  app.delete(
    "/admin/categories/:id",
    {
      ...admins,
      schema: {
        operationId: "deleteCategory",
        summary: "Admins: deletes a category; one with stories needs move_to (409 otherwise).",
        tags: ["admin", "categories"],
        security: bearerSecurity,
        params: CategoryIdParams,
        querystring: DeleteCategoryQuery,
        response: { 200: DeletedCategoryResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await deleteCategory(discovery, signedInUser(request), id, request.query.move_to ?? null);
      return { id, deleted: true as const };
    },
  );
}

/** GET /tags for anyone, DELETE /admin/tags/{id} for admins. */
function tagRoutes(app: CategoriesApp, options: CategoryRoutesOptions): void {
  const { discovery, guards } = options;
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
      const tags = await listTags(discovery, request.query.limit ?? TAGS_DEFAULT_LIMIT);
      return tags.map(toTagJson);
    },
  );

  app.delete(
    "/admin/tags/:id",
    {
      ...adminsOnly(guards),
      schema: {
        operationId: "deleteTag",
        summary: "Admins: removes the tag, in any case, from every story.",
        tags: ["admin", "tags"],
        security: bearerSecurity,
        params: TagIdParams,
        response: { 200: RemovedTagResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => removeTag(discovery, signedInUser(request), request.params.id),
  );
}
