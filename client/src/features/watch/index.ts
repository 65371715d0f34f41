// The watch-live page (docs/product.md#watch-live-links), loaded with its route.
import { lazyPage } from "../../lib/lazy-page";

export const WatchPage = lazyPage(() => import("./watch-page"), "WatchPage");
