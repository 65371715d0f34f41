import { InMemoryCache } from "@apollo/client";
import { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { typePolicies } from "../apollo/type-policies";
import type { HeldAnswers } from "./held-answers";
import { ApolloLink } from "@apollo/client";

/** Renders one component at `entry` with mocked GraphQL, as the reader would mount it. */
export function renderStandalone(
  element: ReactNode,
  options: { entry?: string; mocks?: MockLink.MockedResponse[]; held?: HeldAnswers } = {},
) {
  const router = createMemoryRouter([{ path: "*", element }], {
    initialEntries: [options.entry ?? "/stories/s1"],
  });
  const mocked = new MockLink(options.mocks ?? []);
  const link = options.held ? ApolloLink.from([options.held.link, mocked]) : mocked;
  const user = userEvent.setup();
  const view = render(
    <MockedProvider link={link} cache={new InMemoryCache({ typePolicies })}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return { ...view, router, user };
}
