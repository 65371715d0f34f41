// A reader's library (docs/product.md#reading-progress): their place and shelf in each story,
// over /v1/stories/{id}/progress, /reading-state, /changes-since-read and /v1/me/library. The api
// answers the caller's own only.
import { LIST_MAX_SIZE } from "@storyloom/common";
import type {
  LibraryEntryResolvers,
  MutationResolvers,
  QueryResolvers,
  ReadingProgressResolvers,
} from "../../__generated__/resolvers-types.js";
import { unwrap, unwrapOrNull } from "../errors.js";
import { decodeGlobalId, globalId } from "../global-id.js";
import { checkListSize } from "../story-lists.js";
import { pageConnection } from "../pagination.js";

const storyPath = (storyId: string) => ({
  params: { path: { id: decodeGlobalId("Story", storyId, "storyId") } },
});

/** The api's progress with the story it is of, for ReadingProgress.storyId. */
const ofStory =
  (storyId: string) =>
  <T extends object>(progress: T) => ({
    ...progress,
    story_public_id: decodeGlobalId("Story", storyId, "storyId"),
  });

export const libraryQueries: Pick<
  QueryResolvers,
  "myLibrary" | "readingProgress" | "changesSinceRead"
> = {
  myLibrary: (_parent, { state, first, after }, { rest }) =>
    pageConnection(checkListSize(first, 20), after, LIST_MAX_SIZE, (page) =>
      unwrap(rest.GET("/v1/me/library", { params: { query: { state, ...page } } })),
    ),
  readingProgress: async (_parent, { storyId }, { rest }) =>
    ofStory(storyId)(await unwrap(rest.GET("/v1/stories/{id}/progress", storyPath(storyId)))),
  changesSinceRead: async (_parent, { storyId }, { rest }) => {
    const changes = await unwrapOrNull(
      rest.GET("/v1/stories/{id}/changes-since-read", storyPath(storyId)),
    );
    return (
      changes && {
        sinceVersion: changes.since_version,
        sinceAt: changes.since_at,
        changes: changes.changes,
      }
    );
  },
};

export const libraryMutations: Pick<
  MutationResolvers,
  "saveReadingProgress" | "setReadingState" | "forgetReadingProgress"
> = {
  saveReadingProgress: async (_parent, { input }, { rest }) => {
    const body = {
      chapter: input.chapter,
      paragraph: input.paragraph,
      at_end: input.atEnd ?? false,
      ...(input.readAt ? { read_at: input.readAt } : {}),
    };
    const saved = await unwrap(
      rest.PUT("/v1/stories/{id}/progress", { ...storyPath(input.storyId), body }),
    );
    return ofStory(input.storyId)(saved);
  },
  setReadingState: async (_parent, { storyId, state }, { rest }) =>
    ofStory(storyId)(
      await unwrap(
        rest.PUT("/v1/stories/{id}/reading-state", { ...storyPath(storyId), body: { state } }),
      ),
    ),
  forgetReadingProgress: async (_parent, { storyId }, { rest }) =>
    ofStory(storyId)(await unwrap(rest.DELETE("/v1/stories/{id}/progress", storyPath(storyId)))),
};

export const ReadingProgress: ReadingProgressResolvers = {
  id: (progress) => globalId("ReadingProgress", progress.story_public_id),
  storyId: (progress) => globalId("Story", progress.story_public_id),
  newSinceRead: (progress) => progress.new_since_read,
  readAt: (progress) => progress.read_at,
};

export const LibraryEntry: LibraryEntryResolvers = {
  id: (entry) => globalId("LibraryEntry", entry.story.public_id),
  newSinceRead: (entry) => entry.new_since_read,
  readAt: (entry) => entry.read_at,
};
