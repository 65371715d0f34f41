import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../testing/render-route";

describe("explore page", () => {
  it("says it is coming soon and shows the requested sort", async () => {
    renderRoute("/explore?sort=popular");
    expect(await screen.findByText("Coming soon")).toBeInTheDocument();
    expect(screen.getByText(/Sorted by:/)).toHaveTextContent("Sorted by: Popular");
    expect(screen.getByRole("link", { name: "Popular" })).toHaveAttribute("aria-current", "page");
  });

  it("sorts by newest when no sort is given", async () => {
    renderRoute("/explore");
    expect(await screen.findByText(/Sorted by:/)).toHaveTextContent("Sorted by: Newest");
    expect(screen.getByRole("link", { name: "Newest" })).toHaveAttribute(
      "href",
      "/explore?sort=newest",
    );
  });
});
