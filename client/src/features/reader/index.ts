// The reader feature: a story's page, loaded with its route.
import { lazyPage } from "../../lib/lazy-page";

export const StoryPage = lazyPage(() => import("./story-page"), "StoryPage");
