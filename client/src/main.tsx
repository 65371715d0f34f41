import "@fontsource/inter/400.css";
import "@fontsource/inter/500.css";
import "@fontsource/inter/600.css";
import "@fontsource/inter/700.css";
import "./styles/global.css";
import { StrictMode } from "react";
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
 * Apollo Client loads at once, except for a visitor's first page of a visit drawn from the data
 * inlined with it: the home page whose first section (Fresh Threads) came with it, /explore whose
 * list came with it, and a completed story's page. Those are drawn without it, and it loads at
 * their first interaction, when a signed-in identity turns up, or when something on the page needs
 * it (a section that did not come with the page, an ad slot on screen)
 * (docs/decisions/038-first-views-without-apollo.md).
 */
function pageDrawnWithoutApollo(): LazyPage<object> | null {
  if (readSignedInHint()) return null;
  const { pathname } = window.location;
  if (pathname === "/") {
    const [firstSection] = FIRST_DATA_ROUTES.home;
    const drawn = readInlinedFirstData(document).some(
      (answer) => answer.operationName === firstSection,
    );
    return drawn ? HomePage : null;
  }
  if (exploreDrawsWithoutApollo()) return ExplorePage;
  const storyId = storyIdOfPath(pathname);
  return storyId !== null && firstViewStory(document, storyId) !== null ? StoryPage : null;
}

try {
  const authService = createDeferredAuthService({ load: loadFirebaseAuthService });
  configureApolloLoader(async () => {
    const { createApolloClient } = await import("./apollo/create-apollo-client");
    return createApolloClient({
      getIdToken: (forceRefresh) => authService.getIdToken(forceRefresh),
    });
  });
  const start = () => void startApolloLoad().catch(() => {});
  authService.onAuthStateChanged((user) => {
    if (user) start();
  });
  const firstPage = pageDrawnWithoutApollo();
  if (firstPage) atFirstInteraction(start);
  else start();
  const render = () =>
    root.render(
      <StrictMode>
        <App authService={authService} />
      </StrictMode>,
    );
  // That page's code first, so it draws at once rather than through a loading state (lazy-page.ts).
  if (firstPage) firstPage.preload().then(render, render);
  else render();
} catch (error) {
  console.error("Storyloom could not start", error);
  root.render(<StartupError />);
}
