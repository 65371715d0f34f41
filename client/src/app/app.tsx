import { createBrowserRouter, RouterProvider } from "react-router";
import type { StoryloomApollo } from "../apollo/create-apollo-client";
import type { AuthService } from "../features/auth";
import { AppProviders } from "./providers";
import { routes } from "./routes";

const router = createBrowserRouter(routes);

interface AppProps {
  authService: AuthService;
  apollo: StoryloomApollo;
}

export function App({ authService, apollo }: AppProps) {
  return (
    <AppProviders authService={authService} apollo={apollo}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
