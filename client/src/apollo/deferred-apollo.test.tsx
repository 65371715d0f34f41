import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { useApolloClient } from "@apollo/client/react";
import { render, screen } from "@testing-library/react";
import { Suspense, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../app/providers";
import { lazyPage } from "../lib/lazy-page";
import { withApollo } from "../lib/with-apollo";
import { fakeAuthService } from "../testing/fake-auth";
import type { StoryloomApollo } from "./create-apollo-client";
import {
  configureApolloLoader,
  resetDeferredApolloForTests,
  startApolloLoad,
  useLoadedApollo,
} from "./deferred-apollo";

// docs/decisions/038-first-views-without-apollo.md: Apollo Client loads beside the first render;
// pages wait for it, the shell's parts that use it appear with it.

function heldApollo() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const load = vi.fn(async (): Promise<StoryloomApollo> => {
    await released;
    const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
    return { client, restartSubscriptions: vi.fn(), visitorDataInCache: false };
  });
  configureApolloLoader(load);
  return { load, release };
}

function DeferredApp({ children }: { children: ReactNode }) {
  const apollo = useLoadedApollo();
  return (
    <AppProviders authService={fakeAuthService()} apollo={apollo}>
      <Suspense fallback={<p>Loading the page</p>}>{children}</Suspense>
    </AppProviders>
  );
}

/** A page that uses Apollo's hooks, as every page but the home page does. */
function PageWithClient() {
  const client = useApolloClient();
  return <p>{client instanceof ApolloClient ? "The page has its client" : "No client"}</p>;
}

afterEach(() => {
  resetDeferredApolloForTests();
});

describe("Apollo Client beside the first render", () => {
  it("makes a page wait for the client, starting its load, and draws it once the client is there", async () => {
    const apollo = heldApollo();
    const Page = lazyPage(async () => ({ PageWithClient }), "PageWithClient");
    render(
      <DeferredApp>
        <Page />
      </DeferredApp>,
    );
    expect(await screen.findByText("Loading the page")).toBeInTheDocument();
    await vi.waitFor(() => expect(apollo.load).toHaveBeenCalledOnce());
    expect(screen.queryByText("The page has its client")).toBeNull();

    apollo.release();
    expect(await screen.findByText("The page has its client")).toBeInTheDocument();
  });

  it("draws a page that does without the client at once, without loading it", async () => {
    const apollo = heldApollo();
    const Page = lazyPage(async () => ({ Home: () => <p>Home without Apollo</p> }), "Home", {
      withoutApollo: true,
    });
    render(
      <DeferredApp>
        <Page />
      </DeferredApp>,
    );
    expect(await screen.findByText("Home without Apollo")).toBeInTheDocument();
    expect(apollo.load).not.toHaveBeenCalled();
  });

  it("shows a part of the shell that uses the client only once the client is there", async () => {
    const apollo = heldApollo();
    const Part = withApollo(async () => PageWithClient);
    render(
      <DeferredApp>
        <p>The shell</p>
        <Part />
      </DeferredApp>,
    );
    expect(await screen.findByText("The shell")).toBeInTheDocument();
    expect(screen.queryByText("The page has its client")).toBeNull();
    expect(apollo.load).not.toHaveBeenCalled();

    void startApolloLoad();
    apollo.release();
    expect(await screen.findByText("The page has its client")).toBeInTheDocument();
  });

  it("loads the client once however often it is asked, and again after a failed load", async () => {
    const load = vi
      .fn<() => Promise<StoryloomApollo>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue({
        client: new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() }),
        restartSubscriptions: vi.fn(),
        visitorDataInCache: false,
      });
    configureApolloLoader(load);
    await expect(Promise.all([startApolloLoad(), startApolloLoad()])).rejects.toThrow("offline");
    expect(load).toHaveBeenCalledOnce();
    await Promise.all([startApolloLoad(), startApolloLoad()]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
