import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../../testing/render-route";
import { fakeAuthService } from "../../../testing/fake-auth";
import { AcceptPrivacyPolicyMutation, AcceptTermsMutation } from "../use-accept-policies";

interface FormValues {
  password?: string;
  confirm?: string;
  terms?: boolean;
  privacy?: boolean;
}

async function fillForm(user: ReturnType<typeof renderRoute>["user"], values: FormValues = {}) {
  const { password = "secret-1", confirm = password, terms = true, privacy = true } = values;
  await user.type(await screen.findByLabelText("Email"), "new@example.com");
  await user.type(screen.getByLabelText("Password"), password);
  await user.type(screen.getByLabelText("Confirm Password"), confirm);
  if (terms)
    await user.click(screen.getByRole("checkbox", { name: "I accept the Terms of Service" }));
  if (privacy)
    await user.click(screen.getByRole("checkbox", { name: "I accept the Privacy Policy" }));
}

const acceptanceMocks = [
  {
    request: { query: AcceptTermsMutation },
    result: {
      data: {
        acceptTerms: {
          __typename: "Viewer" as const,
          id: "User:1",
          termsAcceptedAt: "2026-01-01T00:00:00Z",
        },
      },
    },
  },
  {
    request: { query: AcceptPrivacyPolicyMutation },
    result: {
      data: {
        acceptPrivacyPolicy: {
          __typename: "Viewer" as const,
          id: "User:1",
          privacyPolicyAcceptedAt: "2026-01-01T00:00:00Z",
        },
      },
    },
  },
];

describe("sign-up page", () => {
  it("shows Passwords do not match and creates no account when the passwords differ", async () => {
    const { user, auth } = renderRoute("/signup");
    await fillForm(user, { password: "secret-1", confirm: "secret-2" });
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Passwords do not match");
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it("asks to accept both documents and creates no account when a box is unticked", async () => {
    const { user, auth } = renderRoute("/signup");
    await fillForm(user, { privacy: false });
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please accept the Terms of Service and Privacy Policy",
    );
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it("requires both boxes for Google sign-up too", async () => {
    const { user, auth } = renderRoute("/signup");
    await user.click(
      await screen.findByRole("checkbox", { name: "I accept the Terms of Service" }),
    );
    await user.click(screen.getByRole("button", { name: "Sign up with Google" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please accept the Terms of Service and Privacy Policy",
    );
    expect(auth.signInWithGoogle).not.toHaveBeenCalled();
  });

  it("rejects a password shorter than 6 characters", async () => {
    const { user, auth } = renderRoute("/signup");
    await fillForm(user, { password: "abc" });
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Password must be at least 6 characters.",
    );
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it("links the document names to /terms and /privacy", async () => {
    renderRoute("/signup");
    expect(await screen.findByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms",
    );
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy",
    );
  });

  it("shows Failed to create an account when the identity provider refuses", async () => {
    const { user } = renderRoute("/signup", {
      auth: { signUp: vi.fn(async () => Promise.reject(new Error("auth/email-already-in-use"))) },
    });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to create an account");
  });

  it("shows Failed to sign up with Google when the Google sign-in fails", async () => {
    const { user } = renderRoute("/signup", {
      auth: { signInWithGoogle: vi.fn(async () => Promise.reject(new Error("auth/internal"))) },
    });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Sign up with Google" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to sign up with Google");
  });

  it("records the terms and privacy acceptance after signing up, then goes home", async () => {
    const { user, auth, router } = renderRoute("/signup", { mocks: acceptanceMocks });
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(auth.signUp).toHaveBeenCalledWith("new@example.com", "secret-1");
  });

  it("goes to /stories/new after a Google sign-up when a story was waiting to be written", async () => {
    localStorage.setItem("storyloom.pendingStoryIntent", "1");
    // Through the real AuthProvider, so the login-required page it opens sees the new user.
    const service = fakeAuthService();
    const { user, router } = renderRoute("/signup", {
      authService: service,
      mocks: acceptanceMocks,
    });
    act(() => service.emit(null));
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Sign up with Google" }));
    expect(await screen.findByRole("heading", { name: "Generate Story" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/stories/new");
    expect(service.signInWithGoogle).toHaveBeenCalledOnce();
    expect(localStorage.getItem("storyloom.pendingStoryIntent")).toBeNull();
  });

  it("keeps the new user on the page until the acceptance is recorded", async () => {
    const service = fakeAuthService();
    const { user, router } = renderRoute("/signup", {
      authService: service,
      mocks: acceptanceMocks,
    });
    act(() => service.emit(null));
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(service.signUp).toHaveBeenCalledOnce();
  });

  it("stays signed in on the page with Failed to create an account when the acceptance fails, and a retry records it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const service = fakeAuthService();
    const [acceptTerms, acceptPrivacy] = acceptanceMocks;
    const { user, router } = renderRoute("/signup", {
      authService: service,
      mocks: [
        { request: { query: AcceptTermsMutation }, error: new Error("network down") },
        acceptTerms!,
        acceptPrivacy!,
      ],
    });
    act(() => service.emit(null));
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to create an account");
    expect(router.state.location.pathname).toBe("/signup");

    await user.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    // The account already existed: the retry only recorded the acceptance.
    expect(service.signUp).toHaveBeenCalledOnce();
  });
});
