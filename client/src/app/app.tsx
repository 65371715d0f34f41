import { createBrowserRouter, RouterProvider } from "react-router";
import { useLoadedApollo } from "../apollo/deferred-apollo";
import type { AuthService } from "../features/auth";
import { AppProviders } from "./providers";
import { routes } from "./routes";

const router = createBrowserRouter(routes);

interface AppProps {
  authService: AuthService;
}

/**
 * The pages, one element for the app's life: when Apollo Client or the identity arrives, only what
 * reads them draws again, not every part of the page below the providers
 * (docs/decisions/081-less-main-thread-work-in-a-members-first-view.md).
 */
const pages = <RouterProvider router={router} />;

/** The app; Apollo Client joins it when it has loaded (apollo/deferred-apollo.ts). */
export function App({ authService }: AppProps) {
  const apollo = useLoadedApollo();
  return (
    <AppProviders authService={authService} apollo={apollo}>
      {pages}
    </AppProviders>
  );
}
