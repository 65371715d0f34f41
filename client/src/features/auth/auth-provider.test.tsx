import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../../lib/storage-keys";
import { fakeAuthService, signedInUser } from "../../testing/fake-auth";
import { useAuth } from "./auth-context";
import { AuthProvider } from "./auth-provider";

function WhoAmI() {
  const { currentUser, loading, signedInHint } = useAuth();
  if (currentUser) return <p>{`Signed in as ${currentUser.email}`}</p>;
  if (!loading) return <p>Signed out</p>;
  return <p>{signedInHint ? "Signed out (loading, hint)" : "Signed out (loading)"}</p>;
}

afterEach(() => {
  localStorage.clear();
});

describe("AuthProvider", () => {
  it("renders its children at once as for a visitor while the identity loads", () => {
    const service = fakeAuthService();
    render(
      <AuthProvider service={service}>
        <WhoAmI />
      </AuthProvider>,
    );
    expect(screen.getByText("Signed out (loading)")).toBeInTheDocument();

    act(() => service.emit(signedInUser));
    expect(screen.getByText("Signed in as reader@example.com")).toBeInTheDocument();
  });

  it("keeps a hint that this browser is signed in, and tells the app while the identity loads", () => {
    const first = fakeAuthService();
    const { unmount } = render(
      <AuthProvider service={first}>
        <WhoAmI />
      </AuthProvider>,
    );
    expect(screen.queryByText(/hint/)).not.toBeInTheDocument();
    act(() => first.emit(signedInUser));
    expect(localStorage.getItem(STORAGE_KEYS.signedInHint)).toBe("1");
    unmount();

    // The next visit: the reader is expected before the SDK has said anything.
    const next = fakeAuthService();
    render(
      <AuthProvider service={next}>
        <WhoAmI />
      </AuthProvider>,
    );
    expect(screen.getByText("Signed out (loading, hint)")).toBeInTheDocument();
    act(() => next.emit(null));
    expect(screen.getByText("Signed out")).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.signedInHint)).toBeNull();
  });

  it("follows sign-out", () => {
    const service = fakeAuthService();
    render(
      <AuthProvider service={service}>
        <WhoAmI />
      </AuthProvider>,
    );
    act(() => service.emit(signedInUser));
    act(() => service.emit(null));
    expect(screen.getByText("Signed out")).toBeInTheDocument();
  });
});
