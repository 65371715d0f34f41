// One variable face for every weight: 48 KB where four static weights were 97 KB.
import "@fontsource-variable/inter/wght.css";
import "./styles/global.css";
// Fields look the same on every route and every first load, not only once a page with a form has
// loaded its code (issue 29 row 2).
import "./components/form.css";
import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { configureApolloLoader, startApolloLoad } from "./apollo/deferred-apollo";
import { FIRST_DATA_ROUTES } from "./apollo/first-data-routes";
import { readInlinedFirstData } from "./apollo/inlined-first-data";
import { App } from "./app/app";
import {
  atFirstInteraction,
  createDeferredAuthService,
} from "./features/auth/deferred-auth-service";
import { readSignedInHint } from "./features/auth/signed-in-hint";
import { exploreDrawsWithoutApollo, ExplorePage } from "./features/explore";
import { HomePage } from "./features/home";
import { firstViewStory, StoryPage, storyIdOfPath } from "./features/reader";
import type { LazyPage } from "./lib/lazy-page";
import { loadRuntimeConfig } from "./lib/runtime-config";

const container = document.getElementById("root");
if (container === null) throw new Error("index.html has no #root element");
const root = createRoot(container);

/** Shown when the app cannot start: plain, with nothing that could itself fail. */
function StartupError() {
  return (
    <main className="page status-page status-page--standalone">
      <h1>Storyloom could not start</h1>
      <p role="alert">
        Its configuration or code could not be loaded. Please refresh the page or try again later.
      </p>
    </main>
  );
}

/**
 * The identity SDK and its configuration (/config.json) load beside the first render, not before
 * it: public pages draw at once as for a visitor (docs/decisions/021-lean-client-first-render.md).
 */
async function loadFirebaseAuthService() {
  const [config, { createFirebaseAuthService }] = await Promise.all([
    loadRuntimeConfig(),
    import("./features/auth/firebase-auth-service"),
  ]);
  return createFirebaseAuthService(config);
}

/**
 * Apollo Client loads at once, except for a first page of a visit drawn from the data inlined with
 * it: the home page whose first section (Fresh Threads) came with it, /explore whose list came
 * with it, and, for a visitor, a completed story's page. Those are drawn without it. For a visitor
 * it loads at their first interaction, when a signed-in identity turns up, or when something on
 * the page needs it (a section that did not come with the page, an ad slot on screen)
 * (docs/decisions/038-first-views-without-apollo.md). For a returning member (the signed-in hint)
 * the same lists are drawn first, as their cards are the same for everyone; Apollo Client and the
 * identity SDK load once that page is drawn. A member's story page shows their own access and
 * actions: it waits for both, as before.
 */
function pageDrawnWithoutApollo(member: boolean): LazyPage<object> | null {
  const { pathname } = window.location;
  if (pathname === "/") {
    const [firstSection] = FIRST_DATA_ROUTES.home;
    const drawn = readInlinedFirstData(document).some(
      (answer) => answer.operationName === firstSection,
    );
    return drawn ? HomePage : null;
  }
  if (exploreDrawsWithoutApollo()) return ExplorePage;
  if (member) return null;
  const storyId = storyIdOfPath(pathname);
  return storyId !== null && firstViewStory(document, storyId) !== null ? StoryPage : null;
}

/**
 * Tells `onCommitted` once its children are on the page: a render in a transition commits some
 * time after root.render returns, and what waits for the first paint must wait for that.
 */
function Committed({ onCommitted, children }: { onCommitted: () => void; children: ReactNode }) {
  useEffect(() => {
    onCommitted();
  }, [onCommitted]);
  return children;
}

let painted: () => void = () => {};
const firstPaint = new Promise<void>((resolve) => {
  painted = resolve;
});
/** Runs `start` once the first render has been drawn (a frame after it, then a task). */
const afterFirstPaint = (start: () => void) => void firstPaint.then(start);

try {
  const member = readSignedInHint();
  const firstPage = pageDrawnWithoutApollo(member);
  const authService = createDeferredAuthService({
    load: loadFirebaseAuthService,
    // A returning member's session is restored once the page they came for is drawn.
    ...(firstPage ? { scheduleMemberLoad: afterFirstPaint } : {}),
  });
  configureApolloLoader(async () => {
    const { createApolloClient } = await import("./apollo/create-apollo-client");
    return createApolloClient({
      getIdToken: (forceRefresh) => authService.getIdToken(forceRefresh),
      // A returning member's first page is drawn from the page's first data, a visitor's view:
      // kept in the cache it would only be thrown away, and each of their sections asked for
      // again, when their identity arrives (app/providers.tsx). Their cache starts empty
      // (docs/decisions/084-a-members-cache-starts-empty.md).
      ...(member && firstPage ? { firstData: [] } : {}),
    });
  });
  const start = () => void startApolloLoad().catch(() => {});
  authService.onAuthStateChanged((user) => {
    if (user) start();
  });
  if (!firstPage) start();
  else if (member) afterFirstPaint(start);
  else atFirstInteraction(start);
  const afterCommit = () => void requestAnimationFrame(() => setTimeout(painted, 0));
  const render = () => {
    // A transition: React renders the app in slices of a few milliseconds, yielding between them,
    // instead of one long task that blocks the page (the HTML's preview stays until it commits;
    // docs/decisions/078-first-view-renders-as-transitions.md).
    startTransition(() =>
      root.render(
        <StrictMode>
          <Committed onCommitted={afterCommit}>
            <App authService={authService} />
          </Committed>
        </StrictMode>,
      ),
    );
  };
  // That page's code first, so it draws at once rather than through a loading state (lazy-page.ts).
  if (firstPage) firstPage.preload().then(render, render);
  else render();
} catch (error) {
  console.error("Storyloom could not start", error);
  root.render(<StartupError />);
}

// The service worker of the installable app (vite.config.ts, docs/decisions/059-offline-reading.md),
// registered once the page has loaded so it never competes with the first render.
// Vite's build flag (not an environment variable): the worker exists only in a build.
const { PROD: built } = import.meta.env;
if (built && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      console.warn("The offline service worker could not be registered", error);
    });
  });
}
