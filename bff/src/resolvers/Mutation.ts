import type { MutationResolvers } from "../__generated__/resolvers-types.js";
import { unwrap } from "../upstream/rest-client.js";
import { commentIdFrom } from "./Comment.js";

const story = (publicId: string) => ({ params: { path: { id: publicId } } });

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
        },
      }),
    );
    return started.story;
  },
  confirmStory: (_parent, { publicId }, { rest }) =>
    // Confirming as written: the owner's edits (title, content) are not part of this mutation.
    unwrap(rest.POST("/v1/stories/{id}/confirm", { ...story(publicId), body: {} })),
  discardStory: (_parent, { publicId }, { rest }) =>
    unwrap(rest.DELETE("/v1/stories/{id}/discard", story(publicId))),
  regenerateStory: (_parent, { publicId }, { rest }) =>
    unwrap(rest.POST("/v1/stories/{id}/restart", story(publicId))),
  regenerateStoryImages: (_parent, { publicId, albumArtOnly }, { rest }) =>
    unwrap(
      rest.POST("/v1/stories/{id}/regenerate_art", {
        params: { path: { id: publicId }, query: { album_art_only: albumArtOnly ?? false } },
      }),
    ),
  setStoryVisibility: (_parent, { publicId, isPublic }, { rest }) =>
    unwrap(rest.PATCH("/v1/stories/{id}", { ...story(publicId), body: { is_public: isPublic } })),
  // spec §4 Bookmark: idempotent on the api; the answer is the story with its new count.
  bookmarkStory: (_parent, { publicId }, { rest }) =>
    unwrap(rest.POST("/v1/stories/{id}/bookmark", story(publicId))),
  unbookmarkStory: (_parent, { publicId }, { rest }) =>
    unwrap(rest.DELETE("/v1/stories/{id}/bookmark", story(publicId))),
  // Issue 6 discussion: global Comment ids in, the api's comment ids out.
  addComment: (_parent, { input }, { rest }) =>
    unwrap(
      rest.POST("/v1/comments/stories/{id}/comments", {
        ...story(input.storyPublicId),
        body: {
          content: input.content,
          parent_comment_id: input.parentId ? commentIdFrom(input.parentId, "parentId") : null,
          location: input.location ?? null,
        },
      }),
    ),
  deleteComment: async (_parent, { id }, { rest }) => {
    const commentId = commentIdFrom(id);
    await unwrap(
      rest.DELETE("/v1/comments/comments/{id}", { params: { path: { id: commentId } } }),
    );
    return { id, deleted: true };
  },
  reportComment: (_parent, { id }, { rest }) =>
    unwrap(
      rest.POST("/v1/comments/comments/{id}/report", {
        params: { path: { id: commentIdFrom(id) } },
      }),
    ),
  approveComment: (_parent, { id }, { rest }) =>
    unwrap(
      rest.POST("/v1/admin/comments/{id}/approve", { params: { path: { id: commentIdFrom(id) } } }),
    ),
  rejectComment: (_parent, { id }, { rest }) =>
    unwrap(
      rest.POST("/v1/admin/comments/{id}/reject", { params: { path: { id: commentIdFrom(id) } } }),
    ),
  approveStory: (_parent, { publicId }, { rest }) =>
    unwrap(rest.POST("/v1/admin/stories/{id}/approve", story(publicId))),
  rejectStory: (_parent, { publicId, reason }, { rest }) =>
    unwrap(
      rest.POST("/v1/admin/stories/{id}/reject", {
        params: { path: { id: publicId }, query: { reason } },
      }),
    ),
  storyShareLink: async (_parent, { publicId }, { rest }) =>
    (await unwrap(rest.GET("/v1/stories/{id}/share-link", story(publicId)))).url,
};
