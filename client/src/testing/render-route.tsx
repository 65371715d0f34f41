import { ApolloLink, InMemoryCache } from "@apollo/client";
import { Observable } from "rxjs";
import type { MockSubscriptionLink } from "@apollo/client/testing";
import { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { getMainDefinition } from "@apollo/client/utilities";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Kind, OperationTypeNode } from "graphql";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, type InitialEntry } from "react-router";
import { typePolicies } from "../apollo/type-policies";
import { routes } from "../app/routes";
import {
  AuthContext,
  AuthProvider,
  type AuthContextValue,
  type AuthService,
} from "../features/auth";
import { fakeAuthContext } from "./fake-auth";
import type { HeldAnswers } from "./held-answers";

interface RenderRouteOptions {
  /** A fake auth context (default: a visitor, loaded). Ignored when authService is given. */
  auth?: Partial<AuthContextValue>;
  /** Use the real AuthProvider over this service instead of a fake context. */
  authService?: AuthService;
  mocks?: MockLink.MockedResponse[];
  /** Subscriptions go here, so a test can push results (the rest still use `mocks`). */
  subscriptions?: MockSubscriptionLink;
  /** Answers the test holds in flight until it releases them. */
  held?: HeldAnswers;
  /** Entries before the rendered one, so "back" has somewhere to go. */
  history?: InitialEntry[];
}

function isSubscription(operation: ApolloLink.Operation): boolean {
  const definition = getMainDefinition(operation.query);
  return (
    definition.kind === Kind.OPERATION_DEFINITION &&
    definition.operation === OperationTypeNode.SUBSCRIPTION
  );
}

/**
 * The header's live unread count (features/notifications) is a subscription every signed-in page
 * opens; a test's pushed results are for its own subscription, so the count waits quietly.
 */
const quiet = new ApolloLink(() => new Observable(() => undefined));
const isUnreadCount = (operation: ApolloLink.Operation) =>
  operation.operationName === "UnreadNotificationCount";

/** Renders the app's real route tree at `entry` with fake auth and mocked GraphQL. */
export function renderRoute(entry: InitialEntry, options: RenderRouteOptions = {}) {
  const auth = fakeAuthContext(options.auth);
  const entries = [...(options.history ?? []), entry];
  const router = createMemoryRouter(routes, { initialEntries: entries });
  const user = userEvent.setup();
  const mocked = new MockLink(options.mocks ?? []);
  const mockLink = options.held ? ApolloLink.from([options.held.link, mocked]) : mocked;
  const link = options.subscriptions
    ? ApolloLink.split(
        isUnreadCount,
        quiet,
        ApolloLink.split(isSubscription, options.subscriptions, mockLink),
      )
    : mockLink;
  const withAuth = (children: ReactNode) =>
    options.authService ? (
      <AuthProvider service={options.authService}>{children}</AuthProvider>
    ) : (
      <AuthContext value={auth}>{children}</AuthContext>
    );
  const view = render(
    <MockedProvider link={link} cache={new InMemoryCache({ typePolicies })}>
      {withAuth(<RouterProvider router={router} />)}
    </MockedProvider>,
  );
  return { ...view, auth, router, user };
}
