import "@fontsource/inter/400.css";
import "@fontsource/inter/500.css";
import "@fontsource/inter/600.css";
import "@fontsource/inter/700.css";
import "./styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createApolloClient } from "./apollo/create-apollo-client";
import { App } from "./app/app";
import { createDeferredAuthService } from "./features/auth/deferred-auth-service";
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

try {
  const authService = createDeferredAuthService({ load: loadFirebaseAuthService });
  const apollo = createApolloClient({
    getIdToken: (forceRefresh) => authService.getIdToken(forceRefresh),
  });
  root.render(
    <StrictMode>
      <App authService={authService} apollo={apollo} />
    </StrictMode>,
  );
} catch (error) {
  console.error("Storyloom could not start", error);
  root.render(<StartupError />);
}
