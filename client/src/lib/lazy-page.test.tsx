import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureApolloLoader, resetDeferredApolloForTests } from "../apollo/deferred-apollo";
import { lazyPage } from "./lazy-page";

// docs/decisions/038-first-views-without-apollo.md: main.tsx loads the first page's code before
// the first render, so the page draws at once instead of through its route's loading state.

const page = () => ({ Page: () => <p>The page</p> });

function renderInRoute(Page: React.ComponentType) {
  return render(
    <Suspense fallback={<p>Loading the page</p>}>
      <Page />
    </Suspense>,
  );
}

afterEach(() => resetDeferredApolloForTests());

describe("a lazy page", () => {
  it("shows its route's loading state until its code has loaded", async () => {
    const Page = lazyPage(async () => page(), "Page", { withoutApollo: true });
    renderInRoute(Page);
    expect(screen.getByText("Loading the page")).toBeInTheDocument();
    expect(await screen.findByText("The page")).toBeInTheDocument();
  });

  it("draws at once, with no loading state, when its code loaded ahead", async () => {
    const load = vi.fn(async () => page());
    const Page = lazyPage(load, "Page", { withoutApollo: true });
    await Page.preload();
    renderInRoute(Page);
    expect(screen.getByText("The page")).toBeInTheDocument();
    expect(screen.queryByText("Loading the page")).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it("still waits for Apollo Client when it needs it, even with its code loaded ahead", async () => {
    // A client that never arrives: the page's hooks would find none.
    configureApolloLoader(() => new Promise(() => {}));
    const Page = lazyPage(async () => page(), "Page");
    await Page.preload();
    renderInRoute(Page);
    await act(async () => {});
    expect(screen.getByText("Loading the page")).toBeInTheDocument();
    expect(screen.queryByText("The page")).not.toBeInTheDocument();
  });

  it("loads again after a failed load", async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof page>>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(page());
    const Page = lazyPage(load, "Page", { withoutApollo: true });
    await expect(Page.preload()).rejects.toThrow("offline");
    await Page.preload();
    renderInRoute(Page);
    expect(screen.getByText("The page")).toBeInTheDocument();
  });
});
