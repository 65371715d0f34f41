import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { routes } from "../app/routes";
import {
  AuthContext,
  AuthProvider,
  type AuthContextValue,
  type AuthService,
} from "../features/auth";
import { fakeAuthContext } from "./fake-auth";

interface RenderRouteOptions {
  /** A fake auth context (default: a visitor, loaded). Ignored when authService is given. */
  auth?: Partial<AuthContextValue>;
  /** Use the real AuthProvider over this service instead of a fake context. */
  authService?: AuthService;
  mocks?: MockLink.MockedResponse[];
}

/** Renders the app's real route tree at `path` with fake auth and mocked GraphQL. */
export function renderRoute(path: string, options: RenderRouteOptions = {}) {
  const auth = fakeAuthContext(options.auth);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const withAuth = (children: ReactNode) =>
    options.authService ? (
      <AuthProvider service={options.authService}>{children}</AuthProvider>
    ) : (
      <AuthContext value={auth}>{children}</AuthContext>
    );
  const view = render(
    <MockedProvider mocks={options.mocks ?? []}>
      {withAuth(<RouterProvider router={router} />)}
    </MockedProvider>,
  );
  return { ...view, auth, router, user };
}
