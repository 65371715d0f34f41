import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { renderRoute } from "../../testing/render-route";

describe("home page", () => {
  it("shows both sections with their empty text", async () => {
    renderRoute("/");
    expect(await screen.findByRole("heading", { name: "Fresh Threads" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Trending Now" })).toBeInTheDocument();
    expect(screen.getAllByText("No stories found here yet. Be the first!")).toHaveLength(2);
  });

  it("offers a visitor a Create Account call to action", async () => {
    renderRoute("/");
    expect(await screen.findByRole("link", { name: "Create Account" })).toHaveAttribute(
      "href",
      "/signup",
    );
    expect(
      screen.queryByRole("button", { name: "Ready to write? Generate a story prompt!" }),
    ).not.toBeInTheDocument();
  });

  it("gives a signed-in user the collapsible generation panel", async () => {
    const { user } = renderRoute("/", { auth: { currentUser: signedInUser } });
    const toggle = await screen.findByRole("button", {
      name: "Ready to write? Generate a story prompt!",
    });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("form", { name: "Generate a story" })).toBeVisible();
    expect(screen.queryByRole("link", { name: "Create Account" })).not.toBeInTheDocument();
  });
});
