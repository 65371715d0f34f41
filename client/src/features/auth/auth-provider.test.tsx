import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeAuthService, signedInUser } from "../../testing/fake-auth";
import { useAuth } from "./auth-context";
import { AuthProvider } from "./auth-provider";

function WhoAmI() {
  const { currentUser } = useAuth();
  return <p>{currentUser ? `Signed in as ${currentUser.email}` : "Signed out"}</p>;
}

describe("AuthProvider", () => {
  it("renders only Loading... until the first auth notification", () => {
    const service = fakeAuthService();
    render(
      <AuthProvider service={service}>
        <WhoAmI />
      </AuthProvider>,
    );
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(screen.queryByText(/Signed/)).not.toBeInTheDocument();

    act(() => service.emit(signedInUser));
    expect(screen.getByText("Signed in as reader@example.com")).toBeInTheDocument();
    expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
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
