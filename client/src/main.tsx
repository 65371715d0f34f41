import "@fontsource/inter/400.css";
import "@fontsource/inter/500.css";
import "@fontsource/inter/600.css";
import "@fontsource/inter/700.css";
import "./styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
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

async function start() {
  try {
    // The app's code loads while /config.json is fetched.
    const [config, { createFirebaseAuthService }, { createApolloClient }, { App }] =
      await Promise.all([
        loadRuntimeConfig(),
        import("./features/auth/firebase-auth-service"),
        import("./apollo/create-apollo-client"),
        import("./app/app"),
      ]);
    const authService = createFirebaseAuthService(config);
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
}

void start();
