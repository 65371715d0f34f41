// Which story a story page draws before Apollo Client has loaded, from the answer the bff inlined
// with its HTML (docs/decisions/038-first-views-without-apollo.md). Light on purpose: main.tsx
// asks it whether to load Apollo Client at once, so nothing here imports Apollo or a document.
import type {
  StoryDiscussion_StoryFragment,
  StoryLabels_StoryFragment,
  StoryReader_StoryFragment,
  StoryText_StoryFragment,
} from "../../../__generated__/graphql";
import { inlinedAnswer, readInlinedFirstData } from "../../../apollo/inlined-first-data";

/** The reader's fields a first view draws: its own fragment's and those it spreads. */
export type FirstViewStory = Omit<StoryReader_StoryFragment, " $fragmentRefs"> &
  Omit<StoryText_StoryFragment, " $fragmentName"> &
  Omit<StoryLabels_StoryFragment, " $fragmentName"> &
  Omit<StoryDiscussion_StoryFragment, " $fragmentName">;

const STORY_PATH = /^\/stories\/([^/]+)\/?$/;

/** The story id of a story page's path (`/stories/{publicId}`), else null. */
export function storyIdOfPath(pathname: string): string | null {
  const match = STORY_PATH.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * The story inlined with the page for this id when a visitor's first view can draw it: a
 * completed story they do not own (what a visitor reads; a story still being written, in review
 * or ended is followed live and waits for Apollo Client). Else null.
 */
export function firstViewStory(
  page: Pick<Document, "getElementById"> | undefined,
  publicId: string,
): FirstViewStory | null {
  const answer = inlinedAnswer(readInlinedFirstData(page), "StoryReader", { publicId });
  const story = (answer as { story?: FirstViewStory | null } | null)?.story;
  if (!story || story.publicId !== publicId) return null;
  if (story.status !== "COMPLETED" || story.viewerIsAuthor) return null;
  if (!Array.isArray(story.images) || !Array.isArray(story.tags)) return null;
  return story;
}
