import type { PricePointCents } from "@storyloom/common";
import type { MutationResolvers } from "../../__generated__/resolvers-types.js";
import { unwrap } from "../errors.js";
import { decodeGlobalId } from "../global-id.js";
import { tagIdArgument } from "../arguments.js";

// Every mutation names the object it acts on by its global id (schema.graphql); each is decoded,
// and a foreign one refused, before the api is called.
const story = (id: string, argument = "id") => ({
  params: { path: { id: decodeGlobalId("Story", id, argument) } },
});
const comment = (id: string) => ({ params: { path: { id: decodeGlobalId("Comment", id, "id") } } });
const category = (id: string) => ({
  params: { path: { id: decodeGlobalId("Category", id, "id") } },
});
/** A category's global id, or null for none. */
const optionalCategory = (id: string | null | undefined, argument: string) =>
  id === null || id === undefined ? null : decodeGlobalId("Category", id, argument);

export const Mutation: MutationResolvers = {
  updateProfile: async (_parent, { input }, { rest }) => {
    // Only the fields the caller set travel; null clears an optional field.
    const body = Object.fromEntries(
      Object.entries({
        username: input.username,
        display_name: input.displayName,
        avatar_url: input.avatarUrl,
        bio: input.bio,
      }).filter(([, value]) => value !== undefined),
    );
    return unwrap(rest.PATCH("/v1/auth/update-profile", { body }));
  },
  updatePreferences: async (_parent, { input }, { rest }) => {
    const body = Object.fromEntries(
      Object.entries({ theme: input.theme, reader_font: input.readerFont }).filter(
        ([, value]) => value !== undefined,
      ),
    );
    return unwrap(rest.PATCH("/v1/auth/update-profile", { body }));
  },
  subscribeToAuthor: async (_parent, { authorId }, { rest }) => {
    const subscription = await unwrap(
      rest.POST("/v1/subscriptions", {
        body: { author_id: decodeGlobalId("User", authorId, "authorId") },
      }),
    );
    return subscription.author;
  },
  unsubscribeFromAuthor: async (_parent, { subscriptionId }, { rest }) => {
    const id = decodeGlobalId("Subscription", subscriptionId, "subscriptionId");
    const subscription = await unwrap(
      rest.DELETE("/v1/subscriptions/{id}", { params: { path: { id } } }),
    );
    return subscription.author;
  },
  deleteAccount: async (_parent, _args, { rest }) => {
    await unwrap(rest.DELETE("/v1/auth/delete-account"));
    return { deleted: true };
  },
  verifyAge: (_parent, _args, { rest }) => unwrap(rest.POST("/v1/auth/age-verification")),
  acceptTerms: (_parent, _args, { rest }) => unwrap(rest.POST("/v1/auth/accept-tos")),
  acceptPrivacyPolicy: (_parent, _args, { rest }) =>
    unwrap(rest.POST("/v1/auth/accept-privacy-policy")),

  startStoryGeneration: async (_parent, { input }, { rest }) => {
    const started = await unwrap(
      rest.POST("/v1/stories/generate/start", {
        body: {
          title: input.title,
          outline: input.outline,
          tags: input.tags ?? [],
          theme_keywords: input.themeKeywords ?? [],
          // Left out (an explicit null), the api applies its defaults, as the schema's do.
          desired_length: input.desiredLength ?? undefined,
          nastiness_level: input.nastinessLevel ?? undefined,
          category_id: optionalCategory(input.categoryId, "input.categoryId"),
        },
      }),
    );
    return started.story;
  },
  confirmStory: (_parent, { id }, { rest }) =>
    // Confirming as written: the owner's edits (title, content) are not part of this mutation.
    unwrap(rest.POST("/v1/stories/{id}/confirm", { ...story(id), body: {} })),
  discardStory: (_parent, { id }, { rest }) =>
    unwrap(rest.DELETE("/v1/stories/{id}/discard", story(id))),
  regenerateStory: (_parent, { id }, { rest }) =>
    unwrap(rest.POST("/v1/stories/{id}/restart", story(id))),
  regenerateStoryImages: (_parent, { id, albumArtOnly }, { rest }) => {
    const { params } = story(id);
    return unwrap(
      rest.POST("/v1/stories/{id}/regenerate_art", {
        params: { ...params, query: { album_art_only: albumArtOnly ?? false } },
      }),
    );
  },
  // The owner's edits; the api keeps each change of the text as a version.
  editStory: (_parent, { id, input }, { rest }) =>
    unwrap(
      rest.PATCH("/v1/stories/{id}", {
        ...story(id),
        body: {
          ...(input.title == null ? {} : { title: input.title }),
          ...(input.content == null ? {} : { content: input.content }),
        },
      }),
    ),
  restoreStoryVersion: (_parent, { id, number }, { rest }) => {
    const { params } = story(id);
    return unwrap(
      rest.POST("/v1/stories/{id}/versions/{number}/restore", {
        params: { path: { ...params.path, number } },
      }),
    );
  },
  // Continue the story (docs/decisions/062): ask, then confirm or discard the next chapter.
  continueStory: (_parent, { id, direction }, { rest }) =>
    unwrap(rest.POST("/v1/stories/{id}/continue", { ...story(id), body: { direction } })),
  confirmNextChapter: (_parent, { id }, { rest }) =>
    unwrap(rest.POST("/v1/stories/{id}/next_chapter/confirm", story(id))),
  discardNextChapter: (_parent, { id }, { rest }) =>
    unwrap(rest.DELETE("/v1/stories/{id}/next_chapter", story(id))),
  setStoryVisibility: (_parent, { id, isPublic }, { rest }) =>
    unwrap(rest.PATCH("/v1/stories/{id}", { ...story(id), body: { is_public: isPublic } })),
  // Bookmarks are idempotent on the api (twice is one bookmark); the answer is the story with its
  // new count.
  bookmarkStory: (_parent, { id }, { rest }) =>
    unwrap(rest.POST("/v1/stories/{id}/bookmark", story(id))),
  unbookmarkStory: (_parent, { id }, { rest }) =>
    unwrap(rest.DELETE("/v1/stories/{id}/bookmark", story(id))),
  addComment: (_parent, { input }, { rest }) =>
    unwrap(
      rest.POST("/v1/comments/stories/{id}/comments", {
        ...story(input.storyId, "storyId"),
        body: {
          content: input.content,
          // Left out or null is no parent; an empty id is not one of a comment.
          parent_comment_id:
            input.parentId === null || input.parentId === undefined
              ? null
              : decodeGlobalId("Comment", input.parentId, "parentId"),
          location: input.location ?? null,
        },
      }),
    ),
  // The api checks the price points (422 BAD_USER_INPUT otherwise) and who may price (decision 030).
  setStoryPrice: async (_parent, { storyId, priceCents }, { rest }) => ({
    story: await unwrap(
      rest.PATCH("/v1/stories/{id}/price", {
        ...story(storyId, "storyId"),
        body: { price_cents: (priceCents ?? null) as PricePointCents | null },
      }),
    ),
  }),
  removeStoryPrice: async (_parent, { storyId }, { rest }) => ({
    story: await unwrap(rest.DELETE("/v1/admin/stories/{id}/price", story(storyId, "storyId"))),
  }),
  setStoryCategory: (_parent, { id, categoryId }, { rest }) =>
    unwrap(
      rest.PUT("/v1/stories/{id}/category", {
        ...story(id),
        body: { category_id: optionalCategory(categoryId, "categoryId") },
      }),
    ),
  createCategory: (_parent, { input }, { rest }) =>
    unwrap(
      rest.POST("/v1/admin/categories", {
        body: { name: input.name, description: input.description ?? null },
      }),
    ),
  updateCategory: (_parent, { id, input }, { rest }) => {
    const body = Object.fromEntries(
      Object.entries({ name: input.name, description: input.description }).filter(
        ([, value]) => value !== undefined,
      ),
    );
    return unwrap(rest.PATCH("/v1/admin/categories/{id}", { ...category(id), body }));
  },
  deleteCategory: async (_parent, { id, moveTo }, { rest }) => {
    const moveToId = optionalCategory(moveTo, "moveTo");
    await unwrap(
      rest.DELETE("/v1/admin/categories/{id}", {
        params: {
          ...category(id).params,
          query: moveToId === null ? {} : { move_to: moveToId },
        },
      }),
    );
    return { id, deleted: true };
  },
  deleteTag: async (_parent, { id }, { rest }) => {
    const removed = await unwrap(
      rest.DELETE("/v1/admin/tags/{id}", { params: { path: { id: tagIdArgument(id) } } }),
    );
    return { id: removed.id, storyCount: removed.stories };
  },
  deleteComment: async (_parent, { id }, { rest }) => {
    await unwrap(rest.DELETE("/v1/comments/comments/{id}", comment(id)));
    return { id, deleted: true };
  },
  reportComment: (_parent, { id }, { rest }) =>
    unwrap(rest.POST("/v1/comments/comments/{id}/report", comment(id))),
  approveComment: (_parent, { id }, { rest }) =>
    unwrap(rest.POST("/v1/admin/comments/{id}/approve", comment(id))),
  rejectComment: (_parent, { id }, { rest }) =>
    unwrap(rest.POST("/v1/admin/comments/{id}/reject", comment(id))),
  approveStory: (_parent, { id }, { rest }) =>
    unwrap(rest.POST("/v1/admin/stories/{id}/approve", story(id))),
  rejectStory: (_parent, { id, reason }, { rest }) => {
    const { params } = story(id);
    return unwrap(
      rest.POST("/v1/admin/stories/{id}/reject", { params: { ...params, query: { reason } } }),
    );
  },
  storyShareLink: async (_parent, { id }, { rest }) =>
    (await unwrap(rest.GET("/v1/stories/{id}/share-link", story(id)))).url,
};
