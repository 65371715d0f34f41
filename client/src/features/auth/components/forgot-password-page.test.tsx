import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../../testing/render-route";

describe("forgot password page", () => {
  it("tells the person to check their inbox once the reset email is sent", async () => {
    const { user, auth } = renderRoute("/forgot-password");
    await user.type(await screen.findByLabelText("Email"), "reader@example.com");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Check your inbox for password reset instructions",
    );
    expect(auth.resetPassword).toHaveBeenCalledWith("reader@example.com");
  });

  it("shows Failed to reset password when the reset cannot be sent", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user } = renderRoute("/forgot-password", {
      auth: { resetPassword: vi.fn(async () => Promise.reject(new Error("auth/network"))) },
    });
    await user.type(await screen.findByLabelText("Email"), "reader@example.com");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to reset password");
  });

  it("links back to the sign-in page", async () => {
    renderRoute("/forgot-password");
    expect(await screen.findByRole("link", { name: "Back to sign in" })).toHaveAttribute(
      "href",
      "/login",
    );
  });

  it("links back to the sign-in page with the page to come back to", async () => {
    renderRoute("/forgot-password?next=%2Fmy%2Fpurchases");
    expect(await screen.findByRole("link", { name: "Back to sign in" })).toHaveAttribute(
      "href",
      "/login?next=%2Fmy%2Fpurchases",
    );
  });
});
