import { createBrowserRouter, RouterProvider } from "react-router";
import { useLoadedApollo } from "../apollo/deferred-apollo";
import type { AuthService } from "../features/auth";
import { AppProviders } from "./providers";
import { routes } from "./routes";

const router = createBrowserRouter(routes);

interface AppProps {
  authService: AuthService;
}

/** The app; Apollo Client joins it when it has loaded (apollo/deferred-apollo.ts). */
export function App({ authService }: AppProps) {
  const apollo = useLoadedApollo();
  return (
    <AppProviders authService={authService} apollo={apollo}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
