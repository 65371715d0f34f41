import { screen, waitFor } from "@testing-library/react";
import { APP_ROUTE_PATTERNS } from "@storyloom/common";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { routes } from "./routes";
import { signedInUser } from "../testing/fake-auth";
import { renderRoute } from "../testing/render-route";

const LOGIN_REQUIRED = [
  "/my/profile",
  "/my/stories",
  "/stories/new",
  "/my/bookmarks",
  "/my/subscriptions",
  "/my/purchases",
  "/settings",
  "/admin",
];

/** Every path of the router, "/"-rooted, the catch-all left out. */
function pathsOf(children: RouteObject[], parent = ""): string[] {
  return children.flatMap((route) => {
    const path = route.index ? parent || "/" : route.path ? `${parent}/${route.path}` : parent;
    const own = route.index || (route.path && route.path !== "*") ? [path] : [];
    return [...own, ...pathsOf(route.children ?? [], route.path ? path : parent)];
  });
}

describe("routes", () => {
  it("are the paths the bff answers with the app (the rest get 404)", () => {
    expect(pathsOf(routes).sort()).toEqual([...APP_ROUTE_PATTERNS].sort());
  });

  it("shows Loading... on a login-required page while sign-in state loads", () => {
    renderRoute("/my/stories", { auth: { loading: true } });
    expect(screen.getByText("Loading...")).toBeInTheDocument();
  });

  it.each(LOGIN_REQUIRED)("sends a visitor opening %s to /login", async (path) => {
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeInTheDocument();
    // They come back to it once signed in: /stories/new through the intent, the others by ?next=.
    const next = new URLSearchParams(router.state.location.search).get("next");
    expect(next).toBe(path === "/stories/new" ? null : path);
  });

  it("remembers that a visitor sent from /stories/new to /login wanted to write", async () => {
    const { router } = renderRoute("/stories/new");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(localStorage.getItem("storyloom.pendingStoryIntent")).toBe("1");
  });

  it("does not set the intent for a visitor sent to /login from another page", async () => {
    const { router } = renderRoute("/my/stories");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(localStorage.getItem("storyloom.pendingStoryIntent")).toBeNull();
  });

  it("lets a signed-in user open a login-required page", async () => {
    renderRoute("/my/bookmarks", { auth: { currentUser: signedInUser } });
    expect(await screen.findByRole("heading", { level: 1, name: "My Bookmarks" })).toBeVisible();
  });

  it.each(["/login", "/signup"])("sends a signed-in user opening %s to /", async (path) => {
    const { router } = renderRoute(path, { auth: { currentUser: signedInUser } });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it.each(["/login", "/signup"])(
    "sends a signed-in user opening %s?next=… to that page, before the intent",
    async (path) => {
      localStorage.setItem("storyloom.pendingStoryIntent", "1");
      const { router } = renderRoute(`${path}?next=%2Fmy%2Fbookmarks`, {
        auth: { currentUser: signedInUser },
      });
      await waitFor(() => expect(router.state.location.pathname).toBe("/my/bookmarks"));
      expect(localStorage.getItem("storyloom.pendingStoryIntent")).toBe("1");
    },
  );

  it("sends a signed-in user to / when ?next= names another site", async () => {
    const { router } = renderRoute("/login?next=%2F%2Fevil.example%2F", {
      auth: { currentUser: signedInUser },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("sends a signed-in user opening /login to /stories/new when the intent flag is stored", async () => {
    localStorage.setItem("storyloom.pendingStoryIntent", "1");
    const { router } = renderRoute("/login", { auth: { currentUser: signedInUser } });
    await waitFor(() => expect(router.state.location.pathname).toBe("/stories/new"));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Generate Story" }),
    ).toBeInTheDocument();
    expect(localStorage.getItem("storyloom.pendingStoryIntent")).toBeNull();
  });

  it("shows 404 Not Found with a link home for an unknown path", async () => {
    renderRoute("/no/such/page");
    expect(await screen.findByRole("heading", { name: "404 Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    expect(document.title).toBe("Not Found · Storyloom");
  });

  it("shows the footer on the home page", async () => {
    renderRoute("/");
    expect(await screen.findByRole("heading", { name: "Fresh Threads" })).toBeInTheDocument();
    const footer = screen.getByRole("contentinfo");
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Storyloom`);
    expect(screen.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms",
    );
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy",
    );
  });

  it("treats /stories/new as a form page, not a story page", async () => {
    renderRoute("/stories/new", { auth: { currentUser: signedInUser } });
    expect(await screen.findByRole("heading", { name: "Generate Story" })).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  });

  it.each([
    ["/", "Home · Storyloom"],
    ["/explore", "Explore · Storyloom"],
    ["/categories", "Categories · Storyloom"],
    ["/terms", "Terms of Service · Storyloom"],
    ["/privacy", "Privacy Policy · Storyloom"],
    ["/login", "Sign in · Storyloom"],
    ["/signup", "Sign up · Storyloom"],
    ["/forgot-password", "Reset password · Storyloom"],
  ])("%s sets the document title %s", async (path, title) => {
    renderRoute(path);
    await waitFor(() => expect(document.title).toBe(title));
  });
});
