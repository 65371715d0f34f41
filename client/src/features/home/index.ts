// The home feature: the home page, loaded with its route.
import { lazyPage } from "../../lib/lazy-page";

// Drawn without Apollo Client at first (docs/decisions/038-first-views-without-apollo.md).
export const HomePage = lazyPage(
  async () => {
    const page = await import("./home-page");
    await page.preloadLiveSections();
    return page;
  },
  "HomePage",
  { withoutApollo: true },
);
