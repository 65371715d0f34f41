import type { ReadingState, StoryContent } from "@storyloom/common";
import type { Database } from "../platform/db/database.js";
import type { ReadingProgressRecord, StoryRecord, UserRecord } from "../platform/db/schema.js";
import { readKeysetPage, type KeysetPage, type PageRequest } from "../platform/lib/keyset-page.js";
import { freePartOf, type ReadAccess } from "../stories/access-rules.js";
import type { StoriesQueries } from "../stories/stories-queries.js";
import { StoryVersionsQueries } from "../stories/story-versions-queries.js";
import {
  isNewSinceRead,
  versionNotFound,
  wordChanges,
  type TextChange,
} from "../stories/version-rules.js";
import { accessOf } from "../stories/viewer-access.js";
import { assertCanView } from "../stories/visibility-rules.js";
import type { LibraryQueries, LibraryRow } from "./library-queries.js";
import {
  anchorAt,
  comparedVersion,
  isOlderThanKept,
  readingTime,
  positionOf,
  stateAfterReading,
  versionsAfterReading,
  type ReadingPosition,
} from "./library-rules.js";

// A reader's library (docs/product.md#reading-progress): where they stopped in each story, which
// follows them across devices, its state (reading, finished, later), and what changed since they
// read. Only the reader reads or writes their own: every use case takes the signed-in reader.

export interface LibraryDeps {
  db: Database;
  stories: StoriesQueries;
  library: LibraryQueries;
}

/** A reader's progress in one story, as they see it. */
export interface ProgressView {
  state: ReadingState | null;
  /** The paragraph they reached, found again in today's text; null before they read. */
  position: ReadingPosition | null;
  newSinceRead: boolean;
  readAt: Date | null;
  updatedAt: Date | null;
}

/** Where the reader moved to: a paragraph, and whether they reached the end of the story. */
export interface ProgressInput extends ReadingPosition {
  atEnd: boolean;
  /** When they were there (a place read offline, sent later); now by default. */
  readAt?: Date;
}

/** What changed in the text the reader may read between the version they read and today's. */
export interface ChangesSinceRead {
  sinceVersion: number;
  sinceAt: Date;
  changes: TextChange[];
}

/** The part of the text the reader may read: all of it, or the free part. */
function readableContent(story: StoryRecord, access: ReadAccess): StoryContent {
  const content = story.content ?? { chapters: [] };
  return access.full ? content : freePartOf(content);
}

async function visibleStory(deps: LibraryDeps, reader: UserRecord, publicId: string) {
  const story = await deps.stories.findByPublicId(publicId);
  assertCanView(story, reader.id);
  return story;
}

async function viewOf(
  deps: LibraryDeps,
  reader: UserRecord,
  story: StoryRecord,
  reading: ReadingProgressRecord | null,
): Promise<ProgressView> {
  if (reading === null) {
    return { state: null, position: null, newSinceRead: false, readAt: null, updatedAt: null };
  }
  const [access, latest] = await Promise.all([
    accessOf(deps.db, story, reader),
    deps.library.latestVersion(story.id),
  ]);
  const { anchorStart, quote } = reading;
  const position =
    anchorStart === null || quote === null
      ? null
      : positionOf(readableContent(story, access), {
          start: anchorStart,
          quote,
          prefix: reading.quotePrefix ?? "",
          suffix: reading.quoteSuffix ?? "",
        });
  return {
    state: reading.state,
    position,
    newSinceRead: isNewSinceRead(reading, story, latest),
    readAt: reading.readAt,
    updatedAt: reading.updatedAt,
  };
}

/** The reader's progress in a story they may see (a story without it answers state null). */
export async function readingProgressOf(
  deps: LibraryDeps,
  reader: UserRecord,
  publicId: string,
): Promise<ProgressView> {
  const story = await visibleStory(deps, reader, publicId);
  return viewOf(deps, reader, story, await deps.library.find(reader.id, story.id));
}

/**
 * Keeps where the reader is: a paragraph of the text they may read, anchored so it is found again
 * after edits; the story becomes "reading", or "finished" when they reached its end. A place read
 * before the one kept (sent late from a device that was offline) changes nothing.
 */
export async function saveReadingProgress(
  deps: LibraryDeps,
  reader: UserRecord,
  publicId: string,
  input: ProgressInput,
): Promise<ProgressView> {
  const story = await visibleStory(deps, reader, publicId);
  const access = await accessOf(deps.db, story, reader);
  const anchor = anchorAt(readableContent(story, access), input);
  const [kept, latest] = await Promise.all([
    deps.library.find(reader.id, story.id),
    deps.library.latestVersion(story.id),
  ]);
  const readAt = readingTime(input.readAt, new Date());
  if (isOlderThanKept(kept, readAt)) return viewOf(deps, reader, story, kept);
  const saved = await deps.library.save(
    {
      userId: reader.id,
      storyId: story.id,
      state: stateAfterReading(kept?.state ?? null, input.atEnd),
      anchorStart: anchor.start,
      quote: anchor.quote,
      quotePrefix: anchor.prefix,
      quoteSuffix: anchor.suffix,
      ...versionsAfterReading(kept, latest),
      readAt,
    },
    { unlessReadAfter: readAt },
  );
  // Another device saved a later place meanwhile: theirs stands.
  return viewOf(deps, reader, story, saved ?? (await deps.library.find(reader.id, story.id)));
}

/**
 * Puts a story on one of the reader's shelves, keeping their place. Marking it finished counts as
 * having read today's text, so a later revision shows as new.
 */
export async function setReadingState(
  deps: LibraryDeps,
  reader: UserRecord,
  publicId: string,
  state: ReadingState,
): Promise<ProgressView> {
  const story = await visibleStory(deps, reader, publicId);
  const [kept, latest] = await Promise.all([
    deps.library.find(reader.id, story.id),
    deps.library.latestVersion(story.id),
  ]);
  const read =
    state === "finished"
      ? { ...versionsAfterReading(kept, latest), readAt: new Date() }
      : {
          readVersion: kept?.readVersion ?? null,
          previousVersion: kept?.previousVersion ?? null,
          readAt: kept?.readAt ?? null,
        };
  const saved = await deps.library.save({
    userId: reader.id,
    storyId: story.id,
    state,
    anchorStart: kept?.anchorStart ?? null,
    quote: kept?.quote ?? null,
    quotePrefix: kept?.quotePrefix ?? null,
    quoteSuffix: kept?.quoteSuffix ?? null,
    ...read,
  });
  return viewOf(deps, reader, story, saved);
}

/** Takes a story off the reader's shelves and forgets their place in it. */
export async function forgetReadingProgress(
  deps: LibraryDeps,
  reader: UserRecord,
  publicId: string,
): Promise<ProgressView> {
  const story = await visibleStory(deps, reader, publicId);
  await deps.library.remove(reader.id, story.id);
  return viewOf(deps, reader, story, null);
}

/** A shelf of the reader's library: stories in `state`, most recently touched first. */
export function listLibrary(
  library: LibraryQueries,
  reader: UserRecord,
  state: ReadingState,
  page: PageRequest,
): Promise<KeysetPage<LibraryRow>> {
  return readKeysetPage("library", page, (limit, after) =>
    library.listLibrary(reader.id, state, limit, after),
  );
}

/**
 * What changed, word by word, between the version the reader last read and today's, in the text
 * they may read now (a paid part they may not read is left out of both sides). Never the owner's
 * history: only the two versions the reader's own reading names.
 */
export async function changesSinceRead(
  deps: LibraryDeps,
  reader: UserRecord,
  publicId: string,
): Promise<ChangesSinceRead> {
  const story = await visibleStory(deps, reader, publicId);
  const [reading, latestNumber, access] = await Promise.all([
    deps.library.find(reader.id, story.id),
    deps.library.latestVersion(story.id),
    accessOf(deps.db, story, reader),
  ]);
  const since = comparedVersion(reading, latestNumber);
  const versions = new StoryVersionsQueries(deps.db);
  const [before, latest] = await Promise.all([
    versions.find(story.id, since),
    latestNumber === null ? null : versions.find(story.id, latestNumber),
  ]);
  if (before === null || latest === null) throw versionNotFound();
  const cut = (content: StoryContent) => (access.full ? content : freePartOf(content));
  return {
    sinceVersion: since,
    sinceAt: before.createdAt,
    changes: wordChanges(
      { title: before.title, content: cut(before.content) },
      { title: latest.title, content: cut(latest.content) },
    ),
  };
}
