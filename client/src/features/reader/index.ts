// The reader feature: a story's page, loaded with its route.
import { lazyPage } from "../../lib/lazy-page";

// A visitor's first story page is drawn before Apollo Client has loaded; the route's module waits
// for it where it must (docs/decisions/038-first-views-without-apollo.md).
export const StoryPage = lazyPage(() => import("./page/story-page-route"), "StoryPageRoute", {
  withoutApollo: true,
});
export { firstViewStory, storyIdOfPath } from "./page/first-view-story";
