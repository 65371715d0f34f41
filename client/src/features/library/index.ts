// The reader's library (docs/product.md#reading-progress): their place in each story, saved as
// they read and offered on any device; their shelves; "new since you read". saveProgress is the
// one way to save a place (offline reading calls it when the network comes back).
import { lazyPage } from "../../lib/lazy-page";

// Only the page here: the routes, and so the first render, import this file; what other features
// mount is in components.ts (docs/decisions/038-first-views-without-apollo.md).
export const LibraryPage = lazyPage(() => import("./library-page"), "LibraryPage");
