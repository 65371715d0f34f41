import { LIST_DEFAULT_SIZE, LIST_MAX_SIZE, storyWordCount } from "@storyloom/common";
import { Type, type Static } from "typebox";
import type { CardPage } from "../community/card-pages.js";
import type {
  StoryCard,
  StoryCardFields,
  StoryCommunity,
} from "../community/story-card-queries.js";
import { type StoryRecord } from "../platform/db/schema.js";
import { NEW_CHAPTER_DAYS, showsNewChapter } from "../continuation/continuation-rules.js";
import { ContinuationSchema, continuationJson } from "../continuation/continuation-schemas.js";
import {
  ACCESS_REASONS,
  DESIRED_LENGTHS,
  IMAGE_ROLES,
  isPricePoint,
  SITE_CURRENCY,
  MODERATION_STATUSES,
  NASTINESS_LEVELS,
  STORY_STATUSES,
  type StoryContent,
} from "@storyloom/common";
import { commentsOpen } from "../comments/comment-rules.js";
import { TITLE_MAX_LENGTH } from "../generation/story-request-rules.js";
import {
  canSeePicture,
  readableChapters,
  type ReadableChapter,
  type ReadAccess,
} from "./access-rules.js";
import type { PictureLinks } from "./picture-link-rules.js";
import type { StoryPicture, StoryView } from "./story-views.js";
import { canView, isOwner } from "./visibility-rules.js";
import { apiIdSchema } from "../platform/http/api-id-schema.js";

const STORY_DETAIL_ID = "StoryDetail";

/** A schema or null, described. */
export const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(
  schema: T,
  description: string,
) => Type.Union([schema, Type.Null()], { description });

/** A chapter as a reader receives it (stories/access-rules.ts). */
const ReadableChapterSchema = Type.Object(
  {
    title: Type.String({ maxLength: TITLE_MAX_LENGTH }),
    paragraphs: Type.Array(Type.String(), {
      description: "The paragraphs the caller may read: none for a locked chapter.",
    }),
    locked: Type.Boolean({
      description:
        "The chapter goes on past these paragraphs, for readers with the full text (a priced story's buyers): the caller gets its title only, or its free paragraphs.",
    }),
  },
  { additionalProperties: false },
);

const ReadableContentSchema = Type.Object(
  { chapters: Type.Array(ReadableChapterSchema) },
  {
    additionalProperties: false,
    description:
      "Chapters, each with a title and the paragraphs the caller may read (viewer_access).",
  },
);

/** A price point in cents (common PRICE_POINTS_CENTS), or null for free. */
export const PriceCentsSchema = (description: string) =>
  Type.Union(
    [Type.Literal(99), Type.Literal(199), Type.Literal(299), Type.Literal(499), Type.Null()],
    { description },
  );

const ViewerAccessSchema = Type.Object(
  {
    full: Type.Boolean({
      description: "The caller receives the whole text; otherwise the free part only.",
    }),
    pictures: Type.Boolean({
      description:
        "The caller receives the illustrations (premium readers, buyers, the author, moderators); the cover is everyone's.",
    }),
    reason: Type.Enum([...ACCESS_REASONS], {
      description:
        "Why: free (not priced), author, moderator (or admin), purchased (a paid purchase), preview (priced, not bought: the free part).",
    }),
  },
  { additionalProperties: false },
);

const StoryImageSchema = Type.Object(
  {
    id: Type.String(),
    role: Type.Enum([...IMAGE_ROLES]),
    url: Type.String({
      description:
        "/v1/media/<id>, relative to the api; or, for a listed story's picture in object storage, an absolute public URL.",
    }),
    chapter_index: nullable(Type.Integer(), "The chapter it belongs to; null for the cover."),
    paragraph_index: nullable(Type.Integer(), "Shown after this paragraph of the chapter."),
    alt_text: Type.String(),
    caption: nullable(Type.String(), "Shown under the picture."),
  },
  { additionalProperties: false },
);

/** A story as its viewer may see it (who sees what: docs/product.md#roles-and-permissions). */
export const StoryDetailSchema = Type.Object(
  {
    public_id: Type.String({ description: "The story's id in URLs." }),
    title: Type.String(),
    description: nullable(Type.String(), "Written with the story's plan."),
    status: Type.Enum([...STORY_STATUSES]),
    is_public: Type.Boolean(),
    author_id: Type.String(),
    author_username: nullable(Type.String(), "The author's username."),
    outline: Type.String(),
    tags: Type.Array(Type.String()),
    theme_keywords: Type.Array(Type.String()),
    desired_length: Type.Enum([...DESIRED_LENGTHS]),
    nastiness_level: Type.Enum([...NASTINESS_LEVELS]),
    preview: nullable(Type.String(), "About 280 characters of the first paragraph."),
    category_name: nullable(Type.String(), "The name of the story's category."),
    category_id: nullable(Type.String(), "The story's category (GET /categories/{id})."),
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    status_message: nullable(Type.String(), "The latest word from the writer."),
    error: nullable(Type.String(), "Why generation failed (status error)."),
    content: nullable(
      ReadableContentSchema,
      "The text so far as the caller may read it; null before the first chapter, and on cards.",
    ),
    word_count: nullable(
      Type.Integer({ minimum: 0 }),
      "The words of the whole text, whatever part the caller may read; null on cards.",
    ),
    images: Type.Array(StoryImageSchema),
    images_pending: Type.Boolean({
      description: "New pictures are being drawn (Regenerate Images); false on cards.",
    }),
    header_image_url: nullable(Type.String(), "The cover picture's URL."),
    created_at: Type.String({ format: "date-time" }),
    updated_at: Type.String({ format: "date-time" }),
    revised_at: nullable(
      Type.String({ format: "date-time" }),
      "When its text last changed once completed (an edit, a rewrite, a restore); null if never.",
    ),
    is_owner: Type.Boolean({ description: "The caller is the story's author." }),
    is_bookmarked: Type.Boolean({ description: "The caller has bookmarked it." }),
    bookmark_count: Type.Integer({ minimum: 0, description: "How many readers bookmarked it." }),
    comment_count: Type.Integer({ minimum: 0, description: "Its approved comments." }),
    can_comment: Type.Boolean({
      description:
        "The caller may read and join the story's discussion now: it is completed or under review; posting also needs a signed-in caller.",
    }),
    moderation_status: Type.Enum([...MODERATION_STATUSES]),
    moderation_reason: nullable(Type.String(), "Why it was rejected; shown to its owner only."),
    price_cents: PriceCentsSchema(
      `The author's price in ${SITE_CURRENCY.toUpperCase()} cents; null: free.`,
    ),
    viewer_access: nullable(
      ViewerAccessSchema,
      "What the caller may read of it; null on cards (lists carry no text).",
    ),
    chapter_added_at: Type.Optional(
      nullable(
        Type.String({ format: "date-time" }),
        "When a chapter was last added to it (Continue the story); null if never.",
      ),
    ),
    new_chapter: Type.Optional(
      Type.Boolean({
        description: `The caller follows its author and a chapter was added in the last ${NEW_CHAPTER_DAYS} days.`,
      }),
    ),
    continuation: Type.Optional(
      nullable(
        ContinuationSchema,
        "The next chapter asked for (Continue the story), for its owner only; null when none, and on cards.",
      ),
    ),
  },
  { $id: STORY_DETAIL_ID, additionalProperties: false },
);
export type StoryDetailJson = Static<typeof StoryDetailSchema>;

/** A response of a story: a reference, so the OpenAPI document names the type once. */
export const storyDetailResponse = (description: string) =>
  Type.Unsafe<StoryDetailJson>({ ...Type.Ref(STORY_DETAIL_ID), description });

export const StoryIdParams = Type.Object({ id: apiIdSchema("The story's public_id") });

/** A list's page size: 1 to 50; 8 when left out. */
export const listSizeParam = Type.Integer({
  minimum: 1,
  maximum: LIST_MAX_SIZE,
  default: LIST_DEFAULT_SIZE,
  description: `1 to ${LIST_MAX_SIZE}; default ${LIST_DEFAULT_SIZE}.`,
});

export const listCursorParam = Type.String({
  maxLength: 300,
  description: "next_cursor of the previous page.",
});

export const storyCardsDescription =
  "Without content and images (content null), with header_image_url.";

/** A page of story cards of a keyset-paged list. */
export const StoryPageResponse = Type.Object(
  {
    items: Type.Array(storyDetailResponse(storyCardsDescription)),
    next_cursor: nullable(Type.String(), "The cursor of the next page; null on the last."),
  },
  { additionalProperties: false },
);

/** Where the api serves a picture's bytes. */
export const mediaUrl = (mediaId: string) => `/v1/media/${mediaId}`;

/**
 * The cover's URL: its public copy's (a CDN's, absolute) while the story is listed and the copy
 * exists (a copy the bucket could not delete yet is never named), else the api's, which checks who
 * asks (docs/decisions/028).
 */
const coverUrl = (picture: Pick<StoryPicture, "id" | "publicUrl">, listed: boolean) =>
  (listed ? picture.publicUrl : null) ?? mediaUrl(picture.id);

export interface StoryJsonContext {
  viewerId: string | null;
  authorUsername: string | null;
  /** The story's pictures; null leaves content and images out (My Stories stays light). */
  media: StoryPicture[] | null;
  /** Bookmarks and comments (CommunityQueries.communityOf); none when left out. */
  community?: StoryCommunity;
  /** What the viewer may read of it (stories/access-rules.ts): its text and pictures follow. */
  access: ReadAccess;
  /** Signs the illustrations' URLs: an <img> sends no token (decision 030). */
  links: PictureLinks;
}

const NO_COMMUNITY: StoryCommunity = { isBookmarked: false, bookmarkCount: 0, commentCount: 0 };

/**
 * A story as JSON for one viewer: its text cut to what `context.access` allows (locked chapters as
 * stubs), and only the pictures they may see — an illustration by a signed URL, the cover by its
 * public one while listed. Nothing else of the story's text leaves.
 */
export function toStoryJson(story: StoryRecord, context: StoryJsonContext): StoryDetailJson {
  const { media, access, links } = context;
  const cover = media?.find((picture) => picture.role === "cover");
  const listed = canView(story, null);
  const shown = (media ?? []).filter((picture) => canSeePicture(picture, access, story.content));
  return {
    ...storyFieldsJson(story, context.viewerId, context.authorUsername, context.community),
    content: media === null ? null : contentJson(story.content, access),
    word_count: media === null || story.content === null ? null : storyWordCount(story.content),
    viewer_access: access,
    images_pending: story.imagesState === "pending",
    images: shown.map((picture) => ({
      id: picture.id,
      role: picture.role,
      url: picture.role === "cover" ? coverUrl(picture, listed) : links.url(picture.id),
      chapter_index: picture.chapterIndex,
      paragraph_index: picture.paragraphIndex,
      alt_text: picture.altText,
      caption: picture.caption,
    })),
    header_image_url: cover ? coverUrl(cover, listed) : null,
    continuation: isOwner(story, context.viewerId) ? continuationJson(story) : null,
  };
}

/**
 * A story card (lists, My Stories): the story without content and pictures, with the cover's URL
 * when `withCover` (My Stories shows none) — the same JSON toStoryJson gives without media.
 */
export function toStoryCardJson(
  card: StoryCard,
  viewerId: string | null,
  withCover: boolean,
): StoryDetailJson {
  return {
    ...storyFieldsJson(card, viewerId, card.authorUsername, card.community),
    content: null,
    word_count: null,
    viewer_access: null,
    images: [],
    images_pending: false,
    header_image_url:
      withCover && card.coverId !== null
        ? coverUrl({ id: card.coverId, publicUrl: card.coverUrl }, canView(card, null))
        : null,
    continuation: null,
  };
}

/** A story as its viewer sees it (stories/story-views.ts), as JSON. */
export function toStoryViewJson(view: StoryView, links: PictureLinks): StoryDetailJson {
  return toStoryJson(view.story, { ...view, links });
}

/**
 * Story cards for `viewerId`: list items carry no text or pictures (like /stories/mine), but the
 * cover's URL, the counts and whether the viewer bookmarked them.
 */
export function storyCards(rows: readonly StoryCard[], viewerId: string | null): StoryDetailJson[] {
  return rows.map((card) => toStoryCardJson(card, viewerId, true));
}

/** A page of story cards (StoryPageResponse). */
export function toStoryPageJson(page: CardPage, viewerId: string | null) {
  return { items: storyCards(page.cards, viewerId), next_cursor: page.nextCursor };
}

/** Every field of a story's JSON but its text and pictures. */
function storyFieldsJson(
  story: StoryCardFields,
  viewerId: string | null,
  authorUsername: string | null,
  community: StoryCommunity = NO_COMMUNITY,
): Omit<
  StoryDetailJson,
  | "content"
  | "word_count"
  | "images"
  | "images_pending"
  | "header_image_url"
  | "viewer_access"
  | "continuation"
> {
  return {
    public_id: story.publicId,
    title: story.title,
    description: story.description,
    status: story.status,
    is_public: story.isPublic,
    author_id: story.authorId,
    author_username: authorUsername,
    outline: story.outline,
    tags: story.tags,
    theme_keywords: story.themeKeywords,
    desired_length: story.desiredLength,
    nastiness_level: story.nastinessLevel,
    preview: story.preview,
    category_name: story.categoryName,
    category_id: story.categoryId,
    progress: story.progress,
    status_message: story.statusMessage,
    error: story.error,
    created_at: story.createdAt.toISOString(),
    updated_at: story.updatedAt.toISOString(),
    revised_at: story.revisedAt?.toISOString() ?? null,
    is_owner: isOwner(story, viewerId),
    is_bookmarked: community.isBookmarked,
    bookmark_count: community.bookmarkCount,
    comment_count: community.commentCount,
    can_comment: commentsOpen(story.status),
    moderation_status: story.moderationStatus,
    moderation_reason: isOwner(story, viewerId) ? story.moderationReason : null,
    price_cents: isPricePoint(story.priceCents) ? story.priceCents : null,
    chapter_added_at: story.chapterAddedAt?.toISOString() ?? null,
    new_chapter:
      community.followsAuthor === true &&
      showsNewChapter(story.chapterAddedAt, new Date(), NEW_CHAPTER_DAYS),
  };
}

/**
 * Only the chapters leave (the worker may keep more in the stored object), and of them only what
 * the viewer may read.
 */
function contentJson(
  content: StoryContent | null,
  access: ReadAccess,
): { chapters: ReadableChapter[] } | null {
  if (content === null) return null;
  return { chapters: readableChapters(content, access) };
}
