import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeAuthService, signedInUser } from "../../testing/fake-auth";
import { renderRoute } from "../../testing/render-route";

const ACCOUNT_LINKS = [
  ["My Profile", "/my/profile"],
  ["My Stories", "/my/stories"],
  ["My Bookmarks", "/my/bookmarks"],
  ["My Library", "/my/library"],
  ["My Subscriptions", "/my/subscriptions"],
  ["My Purchases", "/my/purchases"],
  ["Saved Offline", "/my/offline"],
  ["Settings", "/settings"],
] as const;

describe("layout header", () => {
  it("shows a visitor Explore, Categories, Sign in and Sign up, but not Generate Story", async () => {
    renderRoute("/");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Explore" })).toHaveAttribute("href", "/explore");
    expect(within(nav).getByRole("link", { name: "Categories" })).toHaveAttribute(
      "href",
      "/categories",
    );
    expect(within(nav).queryByRole("link", { name: "Generate Story" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
    expect(screen.queryByRole("button", { name: "User menu" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Storyloom" })).toHaveAttribute("href", "/");
  });

  it("shows a signed-in user Generate Story and the user menu instead of Sign in", async () => {
    renderRoute("/", { auth: { currentUser: signedInUser } });
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Generate Story" })).toHaveAttribute(
      "href",
      "/stories/new",
    );
    expect(screen.getByRole("button", { name: "User menu" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Sign in" })).not.toBeInTheDocument();
  });
});

describe("theme toggle", () => {
  it("stores the choice in storyloom.theme and flips data-theme", async () => {
    document.documentElement.setAttribute("data-theme", "light");
    const { user } = renderRoute("/");
    const toggle = await screen.findByRole("button", { name: "Switch to dark theme" });
    await user.click(toggle);
    expect(localStorage.getItem("storyloom.theme")).toBe("dark");
    expect(document.documentElement).toHaveAttribute("data-theme", "dark");

    await user.click(screen.getByRole("button", { name: "Switch to light theme" }));
    expect(localStorage.getItem("storyloom.theme")).toBe("light");
    expect(document.documentElement).toHaveAttribute("data-theme", "light");
  });

  it("starts from the stored theme", async () => {
    localStorage.setItem("storyloom.theme", "dark");
    renderRoute("/");
    expect(await screen.findByRole("button", { name: "Switch to light theme" })).toBeVisible();
    expect(document.documentElement).toHaveAttribute("data-theme", "dark");
  });
});

describe("user menu", () => {
  it("opens, lists its entries, and closes with Escape", async () => {
    const { user } = renderRoute("/", { auth: { currentUser: signedInUser } });
    const button = await screen.findByRole("button", { name: "User menu" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("link", { name: "My Profile" })).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    for (const [name, href] of ACCOUNT_LINKS) {
      expect(screen.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    expect(screen.getByRole("button", { name: "Sign out" })).toBeVisible();

    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("link", { name: "My Profile" })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("opens from the keyboard and closes on a click outside", async () => {
    const { user } = renderRoute("/", { auth: { currentUser: signedInUser } });
    const button = await screen.findByRole("button", { name: "User menu" });
    const outside = await screen.findByRole("heading", { name: "Fresh Threads" });
    button.focus();
    await user.keyboard("{Enter}");
    expect(button).toHaveAttribute("aria-expanded", "true");
    await user.click(outside);
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("signs out and lands on /", async () => {
    const { user, auth, router } = renderRoute("/my/stories", {
      auth: { currentUser: signedInUser },
    });
    await user.click(await screen.findByRole("button", { name: "User menu" }));
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(auth.logOut).toHaveBeenCalledOnce());
    expect(router.state.location.pathname).toBe("/");
  });

  it("signs out from a login-required page and lands on /, not /login", async () => {
    const service = fakeAuthService();
    const { user, router } = renderRoute("/my/profile", { authService: service });
    act(() => service.emit(signedInUser));
    await user.click(await screen.findByRole("button", { name: "User menu" }));
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(service.signOut).toHaveBeenCalledOnce());
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByRole("link", { name: "Sign in" })).toBeInTheDocument();
  });

  it("still sends a visitor whose session ended elsewhere to /login", async () => {
    const service = fakeAuthService();
    const { router } = renderRoute("/my/profile", { authService: service });
    act(() => service.emit(signedInUser));
    await screen.findByRole("button", { name: "User menu" });
    act(() => service.emit(null));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("navigates to an entry and closes", async () => {
    const { user, router } = renderRoute("/", { auth: { currentUser: signedInUser } });
    const button = await screen.findByRole("button", { name: "User menu" });
    await user.click(button);
    await user.click(screen.getByRole("link", { name: "Settings" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
    expect(button).toHaveAttribute("aria-expanded", "false");
  });
});

describe("mobile menu", () => {
  it("holds the navigation and account entries, and closes with Escape", async () => {
    const { user } = renderRoute("/", { auth: { currentUser: signedInUser } });
    const button = await screen.findByRole("button", { name: "Menu" });
    await user.click(button);
    const panel = screen.getByRole("navigation", { name: "Mobile" });
    for (const name of ["Explore", "Categories", "Generate Story", "My Profile", "Settings"]) {
      expect(within(panel).getByRole("link", { name })).toBeInTheDocument();
    }
    expect(within(panel).getByRole("button", { name: "Sign out" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("navigation", { name: "Mobile" })).not.toBeInTheDocument();
  });

  it("offers a visitor Sign in and Sign up", async () => {
    const { user } = renderRoute("/");
    await user.click(await screen.findByRole("button", { name: "Menu" }));
    const panel = screen.getByRole("navigation", { name: "Mobile" });
    expect(within(panel).getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    expect(within(panel).getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
  });
});
