// Offline reading (docs/product.md#offline-reading), the part the routes load: the Saved Offline
// page. The sync that keeps saved copies to their reader, the clearing at sign-out, the queue of
// offline changes and the story page's control are in components.ts, out of the first render.
import { lazyPage } from "../../lib/lazy-page";

export const OfflinePage = lazyPage(() => import("./offline-page"), "OfflinePage");
