import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDeferredAuthService } from "../features/auth/deferred-auth-service";
import { STORAGE_KEYS } from "../lib/storage-keys";
import { fakeAuthService, signedInUser, type FakeAuthService } from "../testing/fake-auth";
import { FIRST_RENDER } from "../testing/first-render";
import { emptyHomeMocks } from "../testing/home-mocks";
import { renderRoute } from "../testing/render-route";

// The identity SDK loads beside the first render, not before it
// (docs/decisions/021-lean-client-first-render.md): the app's real routes over the real
// AuthProvider and the deferred service, with a load the test completes by hand.
function deferredIdentity() {
  const real: FakeAuthService = fakeAuthService();
  let finish: () => void = () => {};
  const loaded = new Promise<FakeAuthService>((resolve) => (finish = () => resolve(real)));
  const load = vi.fn(() => loaded);
  const service = createDeferredAuthService({ load, scheduleVisitorLoad: () => {} });
  // Resolves once the deferred service has taken the loaded one (its callbacks run first).
  const finishLoad = () =>
    act(async () => {
      await finish();
      await loaded;
    });
  return { real, load, service, finish: finishLoad };
}

afterEach(() => {
  localStorage.clear();
});

describe("identity loading", () => {
  it("draws the home page for a visitor before the identity SDK has loaded", async () => {
    const { load, service } = deferredIdentity();
    renderRoute("/", { authService: service, mocks: emptyHomeMocks() });
    expect(
      await screen.findByRole("heading", { name: "Fresh Threads" }, FIRST_RENDER),
    ).toBeInTheDocument();
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: "Sign in" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create Account" })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it("keeps the account area for a browser with the signed-in hint, then shows the reader", async () => {
    localStorage.setItem(STORAGE_KEYS.signedInHint, "1");
    const { real, load, service, finish } = deferredIdentity();
    renderRoute("/", { authService: service, mocks: emptyHomeMocks() });
    await screen.findByRole("heading", { name: "Fresh Threads" }, FIRST_RENDER);
    expect(load).toHaveBeenCalledOnce();
    const header = screen.getByRole("banner");
    expect(within(header).queryByRole("link", { name: "Sign in" })).not.toBeInTheDocument();
    expect(header.querySelector(".site-header__account .user-menu__placeholder")).not.toBeNull();
    // The home page keeps the reader's panel in place rather than the visitor's invitation.
    expect(screen.queryByRole("link", { name: "Create Account" })).not.toBeInTheDocument();

    await finish();
    act(() => real.emit(signedInUser));
    expect(await within(header).findByRole("button", { name: "User menu" })).toBeInTheDocument();
    expect(header.querySelector(".user-menu__placeholder")).toBeNull();
  });

  it("makes a login-required route wait for the identity instead of sending a reader to /login", async () => {
    const { real, load, service, finish } = deferredIdentity();
    const { router } = renderRoute("/settings", { authService: service });
    expect(await screen.findByText("Loading...", {}, FIRST_RENDER)).toBeInTheDocument();
    // The route asks for the SDK at once, without waiting for an interaction.
    await waitFor(() => expect(load).toHaveBeenCalledOnce());
    expect(router.state.location.pathname).toBe("/settings");

    await finish();
    act(() => real.emit(signedInUser));
    expect(await screen.findByRole("heading", { name: "Settings" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/settings");
  });

  it("sends a visitor on a login-required route to /login once the identity is known", async () => {
    const { real, service, finish } = deferredIdentity();
    const { router } = renderRoute("/settings", { authService: service });
    await screen.findByText("Loading...", {}, FIRST_RENDER);
    await finish();
    act(() => real.emit(null));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });
});
