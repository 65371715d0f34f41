import { act, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeAuthService } from "../../../testing/fake-auth";
import { renderRoute } from "../../../testing/render-route";

describe("login page", () => {
  beforeEach(() => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  it("shows the product's message when the credentials are refused", async () => {
    const { user } = renderRoute("/login", {
      auth: { signIn: vi.fn(async () => Promise.reject(new Error("auth/invalid-credential"))) },
    });
    await user.type(await screen.findByLabelText("Email"), "reader@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to sign in. Please check your credentials.",
    );
  });

  it("shows Failed to sign in with Google. when the Google sign-in fails", async () => {
    const { user } = renderRoute("/login", {
      auth: { signInWithGoogle: vi.fn(async () => Promise.reject(new Error("auth/internal"))) },
    });
    await user.click(await screen.findByRole("button", { name: "Sign in with Google" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to sign in with Google.");
  });

  it("says nothing when the person closes the Google pop-up", async () => {
    const closed = Object.assign(new Error("closed"), { code: "auth/popup-closed-by-user" });
    const { user } = renderRoute("/login", {
      auth: { signInWithGoogle: vi.fn(async () => Promise.reject(closed)) },
    });
    await user.click(await screen.findByRole("button", { name: "Sign in with Google" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Sign in with Google" })).toBeEnabled(),
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("signs in with the typed credentials and goes home", async () => {
    const { user, auth, router } = renderRoute("/login");
    await user.type(await screen.findByLabelText("Email"), " reader@example.com ");
    await user.type(screen.getByLabelText("Password"), "secret-1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(auth.signIn).toHaveBeenCalledWith("reader@example.com", "secret-1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("goes to /stories/new after signing in when a story was waiting to be written", async () => {
    localStorage.setItem("storyloom.pendingStoryIntent", "1");
    // Through the real AuthProvider, so the sign-in is seen by the login-required page it opens
    // (a fixed fake context would stay signed out, and that page would send the visitor back).
    const service = fakeAuthService();
    const { user, router } = renderRoute("/login", { authService: service });
    act(() => service.emit(null)); // no session to restore: a visitor
    await user.click(await screen.findByRole("button", { name: "Sign in with Google" }));
    expect(await screen.findByRole("heading", { name: "Generate Story" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/stories/new");
    expect(service.signInWithGoogle).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("storyloom.pendingStoryIntent")).toBeNull();
  });

  it("comes back to the page that sent the visitor here, signed in", async () => {
    const service = fakeAuthService();
    const { user, router } = renderRoute("/login?next=%2Fmy%2Fbookmarks", {
      authService: service,
    });
    act(() => service.emit(null));
    await user.type(await screen.findByLabelText("Email"), "reader@example.com");
    await user.type(screen.getByLabelText("Password"), "secret-1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("heading", { level: 1, name: "My Bookmarks" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/my/bookmarks");
  });

  it("keeps the page to come back to on the way to sign-up and to password reset", async () => {
    renderRoute("/login?next=%2Fstories%2Fabc");
    expect(await screen.findByRole("link", { name: "Sign up" })).toHaveAttribute(
      "href",
      "/signup?next=%2Fstories%2Fabc",
    );
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/forgot-password?next=%2Fstories%2Fabc",
    );
  });

  it("links to password reset and to sign-up", async () => {
    renderRoute("/login");
    expect(await screen.findByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
  });
});
