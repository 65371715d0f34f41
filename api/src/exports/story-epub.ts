import { formatPrice } from "@storyloom/common";
import { LRUCache } from "lru-cache";
import { commentsOpen } from "../comments/comment-rules.js";
import type { CommentsQueries } from "../comments/comments-queries.js";
import type { CommunityQueries, ReaderStory } from "../community/community-queries.js";
import type { UserRecord } from "../platform/db/schema.js";
import { conflict } from "../platform/lib/errors.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import {
  canSeePicture,
  freePartLength,
  isPremium,
  readableChapters,
  readAccess,
  type ReadAccess,
} from "../stories/access-rules.js";
import { assertCanRead, storyViewerOf } from "../stories/visibility-rules.js";
import { BOOK_IMAGE_TYPES, type BookInput, type BookPicture } from "./epub-book-rules.js";
import { bookCommentOf, bookDiscussion, type BookDiscussion } from "./epub-discussion-rules.js";
import { packageBook, type BookImage } from "./epub-package.js";
import type { ExportsQueries } from "./exports-queries.js";

// A story as an EPUB 3 book for one reader (docs/product.md#epub-downloads, decision 060): exactly
// what the reader's page shows them (the free part of a priced story they have not bought, the
// illustrations only with picture access), and on request the discussion as linked endnotes.
// Books are kept in memory per story state, access class and discussion, so a second download of
// the same book builds nothing.

/** The most comments a book's discussion carries (the oldest first). */
export const EPUB_COMMENTS_MAX = 2000;
/** How many bytes of books one process keeps. */
export const EPUB_CACHE_BYTES = 64 * 1024 * 1024;

export const NOT_DOWNLOADABLE = "Only a written story can be downloaded.";

/** The books one process keeps, by key (see bookKey). */
export type EpubCache = LRUCache<string, Buffer>;

export function createEpubCache(maxBytes = EPUB_CACHE_BYTES): EpubCache {
  return new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    sizeCalculation: (book) => Math.max(1, book.length),
  });
}

export interface StoryEpubDeps {
  community: CommunityQueries;
  comments: CommentsQueries;
  exports: ExportsQueries;
  /** The bucket of pictures whose row keeps only a key (decision 028); null: none. */
  media: MediaStore | null;
  /** The web app's address: the book links back to <publicBaseUrl>/stories/<public_id>. */
  publicBaseUrl: string;
  cache: EpubCache;
  /** Told each lookup's outcome (the api's cache metric). */
  onLookup?: (outcome: "hit" | "miss") => void;
}

export interface StoryEpub {
  bytes: Buffer;
  /** A file name for the download: the title's letters and digits, `.epub`. */
  fileName: string;
  cached: boolean;
}

/** The three kinds of reader a book differs for: whole or free part, with pictures or not. */
function accessClass(access: ReadAccess): string {
  return `${access.full ? "full" : "free"}-${access.pictures ? "pictures" : "text"}`;
}

/**
 * The story `publicId` as an EPUB for `viewer`: a story they may not read is not found; one not
 * written yet (generating, failed, discarded) cannot be downloaded.
 */
export async function storyEpub(
  deps: StoryEpubDeps,
  viewer: UserRecord | null,
  publicId: string,
  options: { discussion: boolean },
): Promise<StoryEpub> {
  const story = await deps.community.storyForReader(publicId, viewer?.id ?? null);
  assertCanRead(story, storyViewerOf(viewer));
  const content = story.content;
  if ((story.status !== "completed" && story.status !== "ready_for_review") || !content) {
    throw conflict("INVALID_TRANSITION", NOT_DOWNLOADABLE, { status: story.status });
  }
  const facts = { purchased: story.viewerPurchased, premium: isPremium(viewer) };
  const access = readAccess(story, storyViewerOf(viewer), facts);
  const withDiscussion = options.discussion && commentsOpen(story.status);
  // Everything the book is made of: its text (the version), pictures (the generation), the row's
  // other fields (its last change, price), the author's name, the access class and the comments.
  const key = [
    story.id,
    `v${await deps.exports.latestVersion(story.id)}`,
    `g${story.generation}`,
    story.updatedAt.getTime(),
    story.priceCents ?? "free",
    story.authorUsername ?? "",
    accessClass(access),
    withDiscussion ? `d${await deps.exports.discussionMark(story.id)}` : "text",
  ].join("|");
  const fileName = `${fileNameOf(story.title)}.epub`;
  const kept = deps.cache.get(key);
  deps.onLookup?.(kept === undefined ? "miss" : "hit");
  if (kept !== undefined) return { bytes: kept, fileName, cached: true };
  const bytes = await buildBook(deps, story, access, withDiscussion);
  deps.cache.set(key, bytes);
  return { bytes, fileName, cached: false };
}

async function buildBook(
  deps: StoryEpubDeps,
  story: ReaderStory,
  access: ReadAccess,
  withDiscussion: boolean,
): Promise<Buffer> {
  const content = story.content ?? { chapters: [] };
  const chapters = readableChapters(content, access);
  const { pictures, images } = await pictureFiles(deps, story, access);
  const link = `${deps.publicBaseUrl}/stories/${story.publicId}`;
  const input: BookInput = {
    identifier: link,
    title: story.title,
    author: story.authorUsername,
    description: story.description,
    tags: story.tags,
    category: story.categoryName,
    link,
    language: "en",
    modified: story.updatedAt,
    chapters,
    pictures,
    lockedNotice:
      access.full || story.priceCents === null
        ? null
        : `The rest of this story is ${formatPrice(story.priceCents)}. Buy it once on Storyloom to read every chapter:`,
    discussion: withDiscussion ? await discussionOf(deps, story, access, { chapters }) : null,
  };
  return packageBook(input, images);
}

async function discussionOf(
  deps: StoryEpubDeps,
  story: ReaderStory,
  access: ReadAccess,
  text: Pick<BookInput, "chapters">,
): Promise<BookDiscussion> {
  // Approved comments only, as a visitor sees them: the book is the same for every reader of a
  // class, and nobody's pending comment travels in another's book.
  const rows = await deps.comments.listForStory(story.id, null, EPUB_COMMENTS_MAX);
  const lockedFrom = access.full ? null : freePartLength(story.content);
  const comments = rows.map((row) =>
    bookCommentOf(row.comment, row.author?.username ?? null, story.authorId, lockedFrom),
  );
  return bookDiscussion(comments, text);
}

/** The pictures the reader may see, in a type every reading system shows, with their bytes. */
async function pictureFiles(
  deps: StoryEpubDeps,
  story: ReaderStory,
  access: ReadAccess,
): Promise<{ pictures: BookPicture[]; images: BookImage[] }> {
  const seen = story.media.filter((picture) => canSeePicture(picture, access, story.content));
  const stored = await deps.exports.pictures(
    story.id,
    seen.map((picture) => picture.id),
  );
  const pictures: BookPicture[] = [];
  const images: BookImage[] = [];
  for (const picture of seen) {
    // Only the cover stands outside the chapters.
    if (picture.role !== "cover" && picture.chapterIndex === null) continue;
    const row = stored.find((each) => each.id === picture.id);
    const ending = row === undefined ? undefined : BOOK_IMAGE_TYPES[row.contentType];
    if (row === undefined || ending === undefined) continue;
    const bytes =
      row.bytes ??
      (row.storageKey !== null && deps.media !== null
        ? await deps.media.read(row.storageKey)
        : null);
    // A picture the bucket has lost is left out, as the reader's page shows it broken.
    if (bytes === null) continue;
    const illustrations = pictures.filter((each) => each.chapterIndex !== null).length;
    const name = picture.role === "cover" ? "cover" : `picture-${illustrations + 1}`;
    const file = `images/${name}.${ending}`;
    images.push({ file, bytes });
    pictures.push({
      file,
      mediaType: row.contentType,
      altText: picture.altText,
      caption: picture.caption,
      chapterIndex: picture.role === "cover" ? null : picture.chapterIndex,
      paragraphIndex: picture.role === "cover" ? null : picture.paragraphIndex,
    });
  }
  return { pictures, images };
}

/** The title as a file name: letters, digits and dashes, at most 80; "story" when none is left. */
export function fileNameOf(title: string): string {
  const name = title
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return name === "" ? "story" : name;
}
