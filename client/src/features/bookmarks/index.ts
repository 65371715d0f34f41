// The bookmarks feature: My Bookmarks, loaded with its route.
import { lazyPage } from "../../lib/lazy-page";

export const MyBookmarksPage = lazyPage(() => import("./my-bookmarks-page"), "MyBookmarksPage");
