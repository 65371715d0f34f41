// What other features may use of the stories feature: the story card and its grid; and My
// Stories, loaded with its route.
import { lazyPage } from "../../lib/lazy-page";

// The fragment's type only: its document is imported from story-card-fragment.ts where needed
// (docs/decisions/038-first-views-without-apollo.md).
export type { StoryCardFragment } from "./story-card-fragment";
export {
  StoryCard,
  StoryCardSkeleton,
  type StoryCardHighlight,
  type StoryCardVariant,
} from "./story-card";
export { LoadMore, StoryGrid, StoryGridSkeleton } from "./story-grid";
export {
  PagedStoryGrid,
  storyCardConnectionOf,
  type StoryCardConnection,
} from "./paged-story-grid";
export const MyStoriesPage = lazyPage(() => import("./my-stories-page"), "MyStoriesPage");
