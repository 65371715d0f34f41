import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { createApolloClient, type StoryloomApollo } from "../apollo/create-apollo-client";
import { configureApolloLoader, useLoadedApollo } from "../apollo/deferred-apollo";
import { FIRST_DATA_ELEMENT_ID, type InlinedAnswer } from "../apollo/inlined-first-data";
import { AppProviders } from "../app/providers";
import { routes } from "../app/routes";
import { fakeAuthService } from "./fake-auth";

// Pages drawn before Apollo Client has loaded (docs/decisions/038-first-views-without-apollo.md),
// as main.tsx draws them: the first data inlined with the page, and a loader the test lets through.

/** The element the bff writes at the end of the page (bff/src/pages/first-data.ts). */
export function inlineFirstData(results: InlinedAnswer[]): void {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = FIRST_DATA_ELEMENT_ID;
  element.textContent = JSON.stringify({ results });
  document.body.append(element);
}

/** Removes what inlineFirstData wrote. */
export function removeInlinedFirstData(): void {
  document.getElementById(FIRST_DATA_ELEMENT_ID)?.remove();
}

/** main.tsx's tree: the app's providers, with Apollo Client once the deferred loader has it. */
function DeferredApp({ children }: { children: ReactNode }) {
  const apollo = useLoadedApollo();
  return (
    <AppProviders authService={fakeAuthService()} apollo={apollo}>
      {children}
    </AppProviders>
  );
}

/** The app's routes at `path`, with the deferred client; the router too, to follow navigation. */
export function renderDeferredApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <DeferredApp>
      <RouterProvider router={router} />
    </DeferredApp>,
  );
  return { ...view, router };
}

/**
 * A loader the test lets through: it counts its calls, and the client it makes asks `fetch` (by
 * default one that answers every request 500), whose operation names `asked()` gives.
 */
export function heldLoader(
  fetch = vi.fn<typeof globalThis.fetch>(async () => new Response("{}", { status: 500 })),
) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = { made: null as StoryloomApollo | null };
  const load = vi.fn(async (): Promise<StoryloomApollo> => {
    await released;
    held.made = createApolloClient({ getIdToken: async () => null, fetch });
    return held.made;
  });
  configureApolloLoader(load);
  const asked = () =>
    fetch.mock.calls.map(
      (call) =>
        (JSON.parse(String((call[1] as RequestInit).body)) as { operationName: string })
          .operationName,
    );
  return { load, release, fetch, held, asked };
}
