import { Suspense } from "react";
import { Outlet, useMatches } from "react-router";
import { PageLoading } from "../../components/loading";
import { withApollo } from "../../lib/with-apollo";
import { AccountPreferencesSync } from "../../features/account";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import "./layout.css";
import "./compact-header.css";

/** Loaded once Apollo Client has (after the first page is drawn): see ./background-sync.tsx. */
const BackgroundSync = withApollo(() =>
  import("./background-sync").then((module) => module.default),
);

/** Route `handle` flags the layout understands. */
export interface LayoutHandle {
  /** Story pages: no footer, full-width main. */
  storyPage?: boolean;
}

function isStoryPageHandle(handle: unknown): boolean {
  return (
    typeof handle === "object" &&
    handle !== null &&
    "storyPage" in handle &&
    handle.storyPage === true
  );
}

export function AppLayout() {
  const storyPage = useMatches().some((match) => isStoryPageHandle(match.handle));
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <SiteHeader />
      <AccountPreferencesSync />
      <BackgroundSync />
      <main
        id="main-content"
        tabIndex={-1}
        className={storyPage ? "site-main site-main--full" : "site-main"}
      >
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      {storyPage ? null : <SiteFooter />}
    </div>
  );
}
